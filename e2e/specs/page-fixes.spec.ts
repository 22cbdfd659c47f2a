import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { mapCount } from '../support/map-page';

/**
 * What a new user tripped over on the pages (decision 0048): the map fits a desktop window, the
 * small maps draw the bundled land without tiles, the species page's landmarks are distinct.
 */

const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Tiles fail as they do without internet (the journeys otherwise answer them with grey). */
async function withoutTiles(page: Page) {
  await page.route(/\/\d+\/\d+\/\d+(\.(png|jpe?g|webp))?$/, (route) => route.abort('failed'));
}

test.describe('[PAGES] page fixes', () => {
  test('the map page fits a 1400×900 window with Add to cart in view', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/map');
    await expect(mapCount(page)).toHaveText('682 of 682 colonies');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(DESKTOP.height);
    await expect(page.getByRole('button', { name: /^Apply Filters/ })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: /Add to cart|Login to add/ })).toBeInViewport({
      ratio: 1,
    });
  });

  test('on a phone the open filters show Add to cart without scrolling them', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/map');
    await expect(mapCount(page)).toHaveText('682 of 682 colonies');
    await page.getByRole('button', { name: /Show filters/ }).click();
    await expect(page.getByRole('button', { name: /Add to cart|Login to add/ })).toBeInViewport({
      ratio: 1,
    });
  });

  test("the colony page's location map draws the bundled land without tiles", async ({ page }) => {
    await withoutTiles(page);
    await page.goto('/colony/658');
    const map = page.getByTestId('colony-location-map');
    await expect(map).toBeVisible();
    await expect(map.locator('.leaflet-land-pane path').first()).toBeAttached();
  });

  test('the species page names each landmark once', async ({ page }) => {
    await page.goto('/species/Porites%20cylindrica');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.sites-map')).toBeVisible();
    const violations = await expectNoSeriousA11yViolations(page);
    expect(violations.map((v) => v.id)).not.toContain('landmark-unique');
  });
});
