import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  filterSidebar as sidebar,
  mapCount as count,
  mapMarkers as markers,
} from '../support/map-page';

/** Decision 0018: the map on a 390 × 844 phone. */
test.use({ viewport: { width: 390, height: 844 } });

const funnel = (page: Page) => page.getByRole('button', { name: /^Show filters/ });

async function openMap(page: Page, path = '/map') {
  await page.goto(path);
  await expect(count(page)).toHaveText(/ of 682 colonies$/);
  await expect(markers(page).first()).toBeVisible();
}

const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

test.describe('[MAP] on a 390 × 844 phone', () => {
  test('the colour legend starts folded and unfolds from its button', async ({
    page,
    checkA11y,
  }) => {
    await openMap(page);
    const legend = page.getByRole('group', { name: 'Marker colour' });
    const toggle = legend.getByRole('button', { name: /Marker colour/ });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(legend.getByText('no ED50')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(legend.getByText('no ED50')).toBeVisible();
    await expect(legend.getByLabel('Colour markers by')).toBeVisible();
    await checkA11y();
    await toggle.click();
    await expect(legend.getByText('no ED50')).toBeHidden();
  });

  test('opening the filter panel closes the popup, and the panel is opaque', async ({ page }) => {
    await openMap(page);
    // A colony or a place opens a popup; a cluster zooms in: zoom until a popup opens.
    const popup = page.locator('.leaflet-popup');
    await expect(async () => {
      await markers(page).first().click();
      await expect(popup).toBeVisible({ timeout: 1000 });
    }).toPass();
    // The popup summarises its site under the filters (decision 0018).
    const site = popup.getByRole('region', { name: /^Site / }).first();
    await expect(site).toBeVisible();
    await expect(site.getByText(/^Mean ED50: /)).toBeVisible();
    await expect(site.getByRole('link').first()).toHaveAttribute('href', /^\/species\//);
    await funnel(page).click();
    await expect(sidebar(page)).toBeVisible();
    await expect(popup).toHaveCount(0);
    const background = await sidebar(page).evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
  });

  test('after filtering, the markers keep 40 px from the edges and clear of the overlays', async ({
    page,
    request,
  }) => {
    // Once through the sidebar, then every species and project from a shared address: some 30
    // map loads, 20 s on a quiet machine and over a minute on a busy one.
    test.slow();
    await openMap(page);
    await funnel(page).click();
    await page.getByLabel('Species').selectOption('Porites cylindrica');
    await page.getByRole('button', { name: /^Apply Filters/ }).click();
    await expect(count(page)).not.toHaveText(/^682 of/);
    await page.getByRole('button', { name: 'Hide filters' }).click();
    await expect(funnel(page)).toBeVisible();
    await expectMarkersClear(page, 'species Porites cylindrica, through the sidebar');

    const colonies = (await (await request.get('/api/public/colonies/')).json()) as {
      species: string;
      projects: string[];
    }[];
    const filters = [
      ...new Set(colonies.map((c) => `species=${encodeURIComponent(c.species)}`)),
      ...new Set(
        colonies.flatMap((c) => c.projects.map((p) => `project=${encodeURIComponent(p)}`)),
      ),
    ];
    for (const filter of filters) {
      await page.goto(`/map?${filter}`);
      await expect(count(page)).toHaveText(/ of 682 colonies$/);
      await expect(count(page)).not.toHaveText(/^682 of/);
      await expect(markers(page).first()).toBeVisible();
      await expectMarkersClear(page, filter);
    }
  });
});

/** Every marker's outline keeps 40 px from the map's edges and does not touch an overlay. */
async function expectMarkersClear(page: Page, filter: string) {
  const map = await boxOf(page.locator('.map-canvas'));
  const overlays = [
    await boxOf(count(page)),
    await boxOf(page.locator('.map-downloads')),
    await boxOf(funnel(page)),
  ];
  const boxes = await markers(page).evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    const where = `${filter}: marker at ${box.x},${box.y}`;
    expect(box.x - map.x, where).toBeGreaterThanOrEqual(40);
    expect(box.y - map.y, where).toBeGreaterThanOrEqual(40);
    expect(map.x + map.width - (box.x + box.width), where).toBeGreaterThanOrEqual(40);
    expect(map.y + map.height - (box.y + box.height), where).toBeGreaterThanOrEqual(40);
    for (const overlay of overlays) {
      const apart =
        box.x + box.width <= overlay.x ||
        overlay.x + overlay.width <= box.x ||
        box.y + box.height <= overlay.y ||
        overlay.y + overlay.height <= box.y;
      expect(apart, `${where} is under an overlay`).toBe(true);
    }
  }
}

test.describe('[MAP] offline base layer', () => {
  test('with the tile server unreachable, the bundled land still draws the coastlines', async ({
    page,
    request,
  }) => {
    const config = (await (await request.get('/api/public/config/')).json()) as {
      tiles: { street: string; satellite: string };
    };
    const tileHosts = [config.tiles.street, config.tiles.satellite].map(
      (url) => new URL(url.replace(/\{\w\}/g, '0')).host,
    );
    let blocked = 0;
    await page.route(
      (url) => tileHosts.includes(url.host),
      async (route) => {
        blocked++;
        await route.abort('internetdisconnected');
      },
    );
    await openMap(page);
    const land = page.locator('.leaflet-land-pane path');
    await expect.poll(() => land.count()).toBeGreaterThanOrEqual(3);
    const drawn = await land.evaluateAll((paths) =>
      paths.map((path) => ({
        length: path.getAttribute('d')?.length ?? 0,
        fill: getComputedStyle(path).fill,
      })),
    );
    expect(drawn.some((path) => path.length > 1000)).toBe(true);
    expect(drawn[0]!.fill).toBe('rgb(228, 228, 228)');
    expect(blocked).toBeGreaterThan(0);
    await expect(page.locator('.leaflet-tile-loaded')).toHaveCount(0);
  });
});
