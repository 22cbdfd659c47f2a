import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type FilterSet, type TCartGroup } from '@coral/core';
import { expect, test } from '../support/fixtures';
import { holdRequests } from '../support/hold';
import {
  applyFiltersButton as applyButton,
  browserModeShows,
  coloniesOnMarkers,
  filterSidebar as sidebar,
  mapCount as count,
  mapMarkers as markers,
  readSeed,
  zoomIntoFirstCluster,
} from '../support/map-page';
import { logInThroughUi } from '../support/login';
import { RESEARCHER } from '../support/users';

async function expected(request: APIRequestContext, filters: FilterSet): Promise<number> {
  return (await browserModeShows(request, filters)).length;
}

/** Sets a native range input the way a drag would (an input event React listens to). */
async function setSlider(slider: Locator, value: number) {
  await slider.evaluate((element, v) => {
    const input = element as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
      input,
      String(v),
    );
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

async function openMap(page: Page, path = '/map') {
  await page.goto(path);
  await expect(count(page)).toHaveText(/ of 682 colonies$/);
}

test.describe('[MAP] colony map', () => {
  test('shows a spinner until the colonies arrive, then clusters and the count', async ({
    page,
    request,
    checkA11y,
  }) => {
    const hold = await holdRequests(page, '**/api/public/colonies/');
    await page.goto('/map');
    await expect(page).toHaveTitle('Map · Coral Thermal Tolerance');
    await expect(page.getByText('Loading colonies...')).toBeVisible();
    hold.release();
    await expect(count(page)).toHaveText('682 of 682 colonies');
    await expect(page.getByText('Loading colonies...')).toHaveCount(0);
    await expect(markers(page).first()).toBeVisible();
    expect(await coloniesOnMarkers(page)).toBe(682);

    // Fiji (177.7°) and American Samoa (−170.7°) sit either side of the antimeridian: they
    // cluster together instead of ending up at opposite edges of the world.
    const { colonies } = await readSeed(request);
    const pacific = colonies.filter((c) => c.country === 'FJI' || c.country === 'ASM').length;
    await expect(
      page.getByRole('button', { name: `Cluster of ${pacific} colonies` }),
    ).toBeVisible();

    // Street map by default; satellite imagery to choose.
    await page.locator('.leaflet-control-layers').hover();
    await expect(page.getByRole('radio', { name: 'Street map' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Satellite' })).not.toBeChecked();
    await checkA11y();
  });

  test('filters by species and project: the count, the markers and the address change', async ({
    page,
    request,
  }) => {
    await openMap(page);
    await expect(applyButton(page)).toHaveText('Apply Filters (0)');
    await expect(applyButton(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset all filters' })).toBeDisabled();

    await page.getByLabel('Species').selectOption('Porites cylindrica');
    await expect(applyButton(page)).toHaveText('Apply Filters (1)');
    await applyButton(page).click();
    const bySpecies = await expected(request, { species: 'Porites cylindrica' });
    await expect(count(page)).toHaveText(`${bySpecies} of 682 colonies`);
    await expect(page).toHaveURL(/\/map\?species=Porites\+cylindrica$/);
    await expect.poll(() => coloniesOnMarkers(page)).toBe(bySpecies);
    await expect(sidebar(page).locator('.badge').first()).toHaveText('1 active filters');

    // Duplicate project names (GlobalSearch_Carib ×4 in the seed) are offered once.
    const options = await page.getByLabel('Project').locator('option').allTextContents();
    expect(options.filter((o) => o === 'GlobalSearch_Carib')).toHaveLength(1);
    expect(options[0]).toBe('All projects');
    expect(options.slice(1)).toEqual(
      [...options.slice(1)].sort((a, b) => a.localeCompare(b, 'en')),
    );

    await page.getByLabel('Species').selectOption('');
    await page.getByLabel('Project').selectOption('GlobalSearch_Carib');
    await applyButton(page).click();
    const byProject = await expected(request, { project: 'GlobalSearch_Carib' });
    await expect(count(page)).toHaveText(`${byProject} of 682 colonies`);
    await expect(page).toHaveURL(/\?project=GlobalSearch_Carib$/);
    await expect.poll(() => coloniesOnMarkers(page)).toBe(byProject);
  });

  test('an advanced range narrows the set; the trash resets everything', async ({
    page,
    request,
    checkA11y,
  }) => {
    await openMap(page);
    await page.getByRole('button', { name: 'Advanced Filters' }).click();
    const dialog = page.getByRole('dialog', { name: /Advanced Temperature Filters/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('0 active')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add Filters' })).toBeDisabled();
    await expect(
      dialog.getByText('Only modified ranges will be applied as filters.', { exact: false }),
    ).toBeVisible();
    await checkA11y();

    const { defaults } = await readSeed(request);
    const absolute = dialog.getByRole('group', { name: 'Absolute ED50' });
    await expect(
      absolute.getByText(`Min: ${defaults.absThermalTolerance.min.toFixed(2)}°C`),
    ).toBeVisible();
    await expect(
      dialog.getByText(
        `Range: ${defaults.absThermalTolerance.min.toFixed(2)} - ${defaults.absThermalTolerance.max.toFixed(2)}°C`,
      ),
    ).toBeVisible();
    await setSlider(absolute.getByRole('slider', { name: 'Absolute ED50 minimum' }), 37);
    await expect(absolute.getByText('Min: 37.00°C')).toBeVisible();
    await expect(absolute.getByText('Active')).toBeVisible();
    await expect(dialog.getByText('1 active')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Filters' }).click();
    await expect(dialog).toBeHidden();

    const narrowed = await expected(request, {
      absThermalTolerance: [37, defaults.absThermalTolerance.max],
    });
    expect(narrowed).toBeLessThan(682);
    await expect(count(page)).toHaveText(`${narrowed} of 682 colonies`);
    await expect(page).toHaveURL(
      new RegExp(`absThermalTolerance=37,${defaults.absThermalTolerance.max}$`),
    );
    const ed50 = sidebar(page).getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    await expect(ed50.getByText('Min: 37.0°C')).toBeVisible();
    await expect(ed50.getByText('Active')).toBeVisible();

    await page.getByRole('button', { name: 'Reset all filters' }).click();
    await expect(count(page)).toHaveText('682 of 682 colonies');
    await expect(page).toHaveURL(/\/map$/);
    await expect(ed50.getByText('Active')).toHaveCount(0);
  });

  test('the sliders work from the keyboard', async ({ page, request }) => {
    await openMap(page);
    const { defaults } = await readSeed(request);
    const ed5 = sidebar(page).getByRole('group', { name: 'ED5 (Breakpoint Temperature)' });
    const min = ed5.getByRole('slider', { name: 'ED5 (Breakpoint Temperature) minimum' });
    await min.focus();
    for (let i = 0; i < 50; i++) await page.keyboard.press('ArrowRight');
    const moved = defaults.absBreakpointTemperature.min + 0.5;
    await expect(ed5.getByText(`Min: ${moved.toFixed(1)}°C`)).toBeVisible();
    await expect(ed5.getByText('Active')).toBeVisible();
    await expect(applyButton(page)).toHaveText('Apply Filters (1)');
    await page.keyboard.press('Home');
    await expect(ed5.getByText('Active')).toHaveCount(0);
    await expect(applyButton(page)).toHaveText('Apply Filters (0)');
  });

  test('a popup shows colony 658 with its thresholds', async ({ page, checkA11y }) => {
    await openMap(page, '/map?species=Porites%20cylindrica');
    await expect(count(page)).toHaveText('20 of 682 colonies');
    const place = page.getByRole('button', { name: /colonies at -18\.2058, 177\.6890$/ });
    // The two places of this species may start as one cluster: open it.
    for (let i = 0; i < 5 && !(await place.isVisible()); i++) await zoomIntoFirstCluster(page);
    await place.click();
    const popup = page.locator('.leaflet-popup');
    await expect(popup.getByRole('heading', { name: '10 colonies here' })).toBeVisible();
    await popup
      .getByRole('button', { name: 'Vatu-o-lalai_Porites_cylindrica_1', exact: true })
      .click();
    const details = popup.getByRole('group', {
      name: 'Vatu-o-lalai_Porites_cylindrica_1',
      exact: true,
    });
    await expect(
      details.getByRole('heading', { name: 'Vatu-o-lalai_Porites_cylindrica_1' }),
    ).toBeVisible();
    await expect(details.getByText('658', { exact: true })).toBeVisible();
    await expect(details.getByText('Porites cylindrica', { exact: true })).toBeVisible();
    await expect(details.getByText('-18.2058, 177.6890')).toBeVisible();
    const ed50 = details.getByRole('region', { name: 'Thermal Tolerances (ED50)' });
    await expect(ed50.getByText('Absolute: 37.57°C')).toBeVisible();
    await expect(ed50.getByText('Absolute: 37.75°C')).toBeVisible();
    await expect(ed50.getByText('Timepoint: 420').first()).toBeVisible();
    await expect(
      details.getByRole('region', { name: 'Breakpoint Temperatures (ED5)' }),
    ).toBeVisible();
    await expect(details.getByRole('region', { name: 'Thermal Limits (ED95)' })).toBeVisible();
    const box = await popup.locator('.leaflet-popup-content-wrapper').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(300 + 2 * 1);
    await checkA11y();
  });

  test('a shared address restores the filters; back and forward move between them', async ({
    page,
    request,
  }) => {
    await openMap(page, '/map?species=Acropora%20hyacinthus&absThermalTolerance=35,40');
    const first = await expected(request, {
      species: 'Acropora hyacinthus',
      absThermalTolerance: [35, 40],
    });
    await expect(count(page)).toHaveText(`${first} of 682 colonies`);
    await expect(page.getByLabel('Species')).toHaveValue('Acropora hyacinthus');
    const ed50 = sidebar(page).getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    await expect(ed50.getByText('Min: 35.0°C')).toBeVisible();
    await expect(ed50.getByText('Max: 40.0°C')).toBeVisible();
    await expect(sidebar(page).locator('.badge').first()).toHaveText('2 active filters');

    await page.getByLabel('Project').selectOption('GlobalSearch_GBR');
    await applyButton(page).click();
    const second = await expected(request, {
      species: 'Acropora hyacinthus',
      project: 'GlobalSearch_GBR',
      absThermalTolerance: [35, 40],
    });
    await expect(page).toHaveURL(/project=GlobalSearch_GBR/);
    await expect(count(page)).toHaveText(`${second} of 682 colonies`);

    await page.goBack();
    await expect(count(page)).toHaveText(`${first} of 682 colonies`);
    await expect(page.getByLabel('Project')).toHaveValue('');
    await page.goForward();
    await expect(count(page)).toHaveText(`${second} of 682 colonies`);
    await expect(page.getByLabel('Project')).toHaveValue('GlobalSearch_GBR');
  });
});

test.describe('[MAP] layers and colours', () => {
  test('switches to satellite tiles, and colours markers by absolute or relative ED50', async ({
    page,
    request,
  }) => {
    const config = (await (await request.get('/api/public/config/')).json()) as {
      tiles: { satellite: string };
    };
    const satelliteHost = new URL(config.tiles.satellite.replace(/\{\w\}/g, '0')).host;
    await openMap(page);
    const satelliteTile = page.waitForRequest((r) => new URL(r.url()).host === satelliteHost);
    await page.locator('.leaflet-control-layers').hover();
    await page.getByRole('radio', { name: 'Satellite' }).check();
    await satelliteTile;

    const legend = page.getByRole('group', { name: 'Marker colour' });
    await expect(legend.getByText('no ED50')).toBeVisible();
    const colours = () =>
      markers(page).evaluateAll((elements) =>
        elements.map((e) => {
          const span = e.querySelector('span')!;
          return getComputedStyle(span).borderTopColor + getComputedStyle(span).backgroundColor;
        }),
      );
    const absolute = await colours();
    await legend.getByLabel('Colour markers by').selectOption('relative');
    await expect.poll(colours).not.toEqual(absolute);
  });
});

test.describe('[MAP] on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the sidebar starts folded to its funnel button, and unfolds', async ({
    page,
    checkA11y,
  }) => {
    await openMap(page);
    await expect(sidebar(page)).toHaveCount(0);
    const funnel = page.getByRole('button', { name: 'Show filters (0 active)' });
    await expect(funnel).toBeVisible();
    await expect.poll(() => coloniesOnMarkers(page)).toBe(682);
    await checkA11y();
    await funnel.click();
    await expect(sidebar(page)).toBeVisible();
    await page.getByRole('button', { name: 'Hide filters' }).click();
    await expect(funnel).toBeVisible();
  });
});

test.describe('[MAP] add to cart', () => {
  test("anonymous: 'Login to add data to cart' up front; the login link comes back with the filters", async ({
    page,
    checkA11y,
  }) => {
    const cartCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/cart/')) cartCalls.push(`${r.method()} ${r.url()}`);
    });
    await openMap(page, '/map?species=Porites%20cylindrica');
    // Decision 0018: said before the modal is filled in, not after.
    const notice = sidebar(page)
      .getByRole('alert')
      .filter({ hasText: 'Login to add data to cart' });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveClass(/alert-warning/);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await checkA11y();
    expect(cartCalls).toEqual([]);

    await notice.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Username').fill(RESEARCHER.username);
    await page.getByLabel('Password').fill(RESEARCHER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/map\?species=Porites(%20|\+)cylindrica$/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Cart' });
    await expect(dialog.getByLabel('Group Name')).toHaveValue('Porites cylindrica');
    await expect(
      dialog.getByText(
        'The name is auto-generated based on your filters. You can edit it if needed.',
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(cartCalls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  test.describe('logged in', () => {
    test("'Item added to cart!' for 1 s, and the group is in the cart", async ({
      page,
      request,
    }) => {
      await openMap(page, '/map?project=GlobalSearch_AmSamoa');
      await logInThroughUi(page, RESEARCHER);
      await expect(page).toHaveURL(/\/map\?project=GlobalSearch_AmSamoa$/);
      const expectedCount = await expected(request, { project: 'GlobalSearch_AmSamoa' });
      await expect(count(page)).toHaveText(`${expectedCount} of 682 colonies`);

      await page.getByRole('button', { name: 'Add to cart' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to Cart' });
      const name = dialog.getByLabel('Group Name');
      await expect(name).toHaveValue('GlobalSearch_AmSamoa');
      // A blank name is refused without a call.
      await name.fill('   ');
      await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText('An error occurred while adding to cart');

      const groupName = `Map journey ${Date.now()}`;
      await name.fill(groupName);
      const added = page.waitForResponse(
        (r) => r.url().endsWith('/api/auth/cart/') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      expect((await added).status()).toBe(201);
      await expect(dialog).toBeHidden();
      const success = page.getByRole('alert').filter({ hasText: 'Item added to cart!' });
      await expect(success).toBeVisible();
      await expect(success).toHaveClass(/alert-success/);
      await expect(success).toBeHidden({ timeout: 3000 });

      const groups = (await (await page.request.get('/api/auth/cart/')).json()) as TCartGroup[];
      const group = groups.find((g) => g.name === groupName);
      expect(group).toBeDefined();
      expect(group!.colony_count).toBe(expectedCount);
      expect(group!.filter_params).toEqual({ project: 'GlobalSearch_AmSamoa' });
    });
  });
});
