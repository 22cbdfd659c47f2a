import type { Page } from '@playwright/test';
import { type TCartGroup } from '@coral/core';
import { e2eEnv } from '../support/environment';
import { expect, test } from '../support/fixtures';
import { logInThroughUi } from '../support/login';
import {
  applyFiltersButton as applyButton,
  browserModeShows,
  coloniesOnMarkers,
  mapCount as count,
  mapMarkers as markers,
  zoomIntoFirstCluster,
} from '../support/map-page';
import { RESEARCHER } from '../support/users';

/**
 * The map in server mode (decision 0039): the second e2e server has MAP_SERVER_CLUSTERING_FROM=0, so
 * its map asks for the markers of each view (GET /api/public/colonies/clusters/) and never loads
 * the colonies feed. The same seed as the other journeys: what a visitor sees is checked against
 * what the browser mode shows for the same filters (core's filter engine over the feed).
 */
// eslint-disable-next-line no-empty-pattern
test.use({ baseURL: async ({}, use) => use(e2eEnv('serverModeBaseUrl')) });

const byNumber = (a: number, b: number) => a - b;
const popup = (page: Page) => page.locator('.leaflet-popup');

/** Opens the map, recording the map's API calls; the feed must never be among them. */
async function openMap(page: Page, path = '/map') {
  const calls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/public/colonies/')) calls.push(url);
  });
  await page.goto(path);
  await expect(count(page)).toHaveText(/ of 682 colonies$/);
  return {
    feedCalls: () => calls.filter((url) => url.pathname === '/api/public/colonies/'),
    clusterCalls: () => calls.filter((url) => url.pathname === '/api/public/colonies/clusters/'),
  };
}

/**
 * Clicks clusters until the marker is on the map (the places may start as one cluster): each
 * click zooms in (animated), and the markers of the new view come with the server's answer,
 * while the map is busy (aria-busy).
 */
async function zoomTo(page: Page, marker: ReturnType<Page['getByRole']>) {
  const map = page.getByRole('region', { name: 'Colony map' });
  for (let i = 0; i < 6 && !(await marker.isVisible()); i++) {
    await zoomIntoFirstCluster(page);
    await expect(map).not.toHaveAttribute('aria-busy', 'true');
  }
  await expect(marker).toBeVisible();
}

test.describe('[MAP] server mode', () => {
  test('shows the count and the clusters of the browser mode, without the feed; a cluster click zooms in', async ({
    page,
    request,
    checkA11y,
  }) => {
    const { feedCalls, clusterCalls } = await openMap(page);
    await expect(count(page)).toHaveText('682 of 682 colonies');
    await expect(markers(page).first()).toBeVisible();
    expect(await coloniesOnMarkers(page)).toBe(682);
    // Fiji and American Samoa, either side of the antimeridian, cluster together.
    const pacific = (await browserModeShows(request, {})).filter(
      (c) => c.country === 'FJI' || c.country === 'ASM',
    ).length;
    const cluster = page.getByRole('button', { name: `Cluster of ${pacific} colonies` });
    await expect(cluster).toBeVisible();
    await checkA11y();

    // A click zooms in to where the cluster falls apart (the server said which zoom), and the
    // markers of that view are asked for.
    const zoomBefore = Number(clusterCalls().at(-1)!.searchParams.get('zoom'));
    await cluster.click();
    await expect
      .poll(() => Number(clusterCalls().at(-1)!.searchParams.get('zoom')))
      .toBeGreaterThan(zoomBefore);
    await expect(cluster).toHaveCount(0);
    await expect(markers(page).first()).toBeVisible();
    expect(feedCalls()).toEqual([]);
  });

  test('filters through the sidebar and from the address', async ({ page, request }) => {
    const { feedCalls, clusterCalls } = await openMap(page);
    await page.getByLabel('Species').selectOption('Porites cylindrica');
    await applyButton(page).click();
    const bySpecies = (await browserModeShows(request, { species: 'Porites cylindrica' })).length;
    await expect(count(page)).toHaveText(`${bySpecies} of 682 colonies`);
    await expect(page).toHaveURL(/\/map\?species=Porites\+cylindrica$/);
    await expect.poll(() => coloniesOnMarkers(page)).toBe(bySpecies);
    expect(clusterCalls().at(-1)!.searchParams.get('species')).toBe('Porites cylindrica');

    await page.goto('/map?species=Acropora%20hyacinthus&absThermalTolerance=35,40');
    const fromAddress = await browserModeShows(request, {
      species: 'Acropora hyacinthus',
      absThermalTolerance: [35, 40],
    });
    await expect(count(page)).toHaveText(`${fromAddress.length} of 682 colonies`);
    await expect(page.getByLabel('Species')).toHaveValue('Acropora hyacinthus');
    await expect.poll(() => coloniesOnMarkers(page)).toBe(fromAddress.length);
    expect(feedCalls()).toEqual([]);
  });

  test("a site's popup: 50 colonies, 'Show more', a colony's details and back", async ({
    page,
  }) => {
    await openMap(page, '/map?project=GlobalSearch_GBR');
    const site = page.getByRole('button', { name: '63 colonies at -23.9074, 152.3865' });
    await zoomTo(page, site);
    await site.click();
    await expect(popup(page).getByRole('heading', { name: '63 colonies here' })).toBeVisible();
    // The site is named as its colonies are ('Lady_Musgrave_Acropora_hyacinthus_1'; decision 0048).
    const summary = popup(page).getByRole('region', { name: 'Site Lady_Musgrave' });
    await expect(summary.getByRole('heading')).toHaveText('Lady_Musgrave: 63 colonies');
    await expect(summary.getByText('-23.9074, 152.3865')).toBeVisible();
    const listed = popup(page).locator('.colony-popup__list li');
    await expect(listed).toHaveCount(50);
    await popup(page).getByRole('button', { name: 'Show 13 more of 13' }).click();
    await expect(listed).toHaveCount(63);
    const name = (await listed.last().getByRole('button').textContent())!;
    await listed.last().getByRole('button').click();
    const details = popup(page).getByRole('group', { name, exact: true });
    await expect(details.getByRole('heading', { name })).toBeVisible();
    await expect(details.getByText('-23.9074, 152.3865')).toBeVisible();
    await expect(details.getByRole('region', { name: 'Thermal Tolerances (ED50)' })).toBeVisible();
    await details.getByRole('button', { name: '← All 63 colonies here' }).click();
    await expect(popup(page).getByRole('heading', { name: '63 colonies here' })).toBeVisible();
  });

  test('"Hide flagged values" counts and shows only what it keeps', async ({ page, request }) => {
    await openMap(page, '/map?species=Porites%20cylindrica&hideFlagged=true');
    const shown = await browserModeShows(request, {
      species: 'Porites cylindrica',
      hideFlagged: true,
    });
    await expect(count(page)).toHaveText(`${shown.length} of 682 colonies`);
    await expect(page.getByRole('switch', { name: 'Hide flagged values' })).toBeChecked();
    // Colony 663 has a failed fit (58.59 °C, implausible) beside a trustworthy 37.72 °C.
    const place = page.getByRole('button', { name: /colonies at -18\.2058, 177\.6890$/ });
    await zoomTo(page, place);
    await place.click();
    await popup(page)
      .getByRole('button', { name: 'Vatu-o-lalai_Porites_cylindrica_6', exact: true })
      .click();
    const ed50 = popup(page).getByRole('region', { name: 'Thermal Tolerances (ED50)' });
    await expect(ed50.getByText('Absolute: 37.72°C')).toBeVisible();
    await expect(ed50.getByText('Absolute: 58.59°C')).toHaveCount(0);
  });

  test('Add to Cart adds the colonies the browser mode would add', async ({ page, request }) => {
    const filters = { project: 'GlobalSearch_AmSamoa' };
    await openMap(page, '/map?project=GlobalSearch_AmSamoa');
    await logInThroughUi(page, RESEARCHER);
    await expect(page).toHaveURL(/\/map\?project=GlobalSearch_AmSamoa$/);
    const expected = (await browserModeShows(request, filters)).map((c) => c.id).sort(byNumber);
    await expect(count(page)).toHaveText(`${expected.length} of 682 colonies`);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Cart' });
    await expect(dialog.getByLabel('Group Name')).toHaveValue('GlobalSearch_AmSamoa');
    const groupName = `Server-mode journey ${Date.now()}`;
    await dialog.getByLabel('Group Name').fill(groupName);
    const ids = page.waitForResponse((r) => r.url().includes('/api/public/colonies/ids/'));
    const added = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/cart/') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    expect((await ids).status()).toBe(200);
    expect((await added).status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Item added to cart!' })).toBeVisible();

    const groups = (await (await page.request.get('/api/auth/cart/')).json()) as TCartGroup[];
    const group = groups.find((g) => g.name === groupName)!;
    expect(group.filter_params).toEqual(filters);
    expect(group.colonies.map((entry) => entry.colony.id).sort(byNumber)).toEqual(expected);
  });
});
