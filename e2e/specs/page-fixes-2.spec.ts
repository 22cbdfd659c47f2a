import type { Page } from '@playwright/test';
import { readProjects } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { mapCount } from '../support/map-page';

/**
 * Second round of page fixes (decision 0056): typed ED ranges on the map, the project page's
 * summary, sites map and a colony table that fits, a withdrawn dataset's citation files.
 */

const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;
/** Screenshots to look at (not compared): test-results/ is cleaned by every run. */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('[PAGES] page fixes, second round', () => {
  for (const [size, viewport] of SIZES) {
    test(`the map's ED ranges take typed values, and refuse bad ones (${size})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/map?absThermalTolerance=20,38');
      await expect(mapCount(page)).toHaveText(/ of 682 colonies$/);
      // The address's range reached below the data: narrowed to it, and the address says so.
      await expect(page).toHaveURL(/absThermalTolerance=\d+\.?\d*,38$/);
      if (size === 'phone') await page.getByRole('button', { name: /Show filters/ }).click();
      const min = page.getByRole('textbox', { name: 'ED50 (Thermal Tolerance) minimum in °C' });
      await min.fill('abc');
      await min.press('Enter');
      const group = page.getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
      await expect(group.getByRole('alert')).toHaveText(/^Enter the minimum as a number between/);
      await expect(min).toHaveAttribute('aria-invalid', 'true');
      await shoot(page, `map-range-invalid-${size}`);
      await expectNoSeriousA11yViolations(page);
      await min.fill('36.5');
      await min.press('Enter');
      await expect(group.getByRole('alert')).toHaveCount(0);
      await page.getByRole('button', { name: /^Apply Filters/ }).click();
      await expect(page).toHaveURL(/absThermalTolerance=36\.5,38$/);
      await shoot(page, `map-range-applied-${size}`);
    });

    test(`the project page has its summary and sites map, its tables fit (${size})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      const projects = await readProjects(request);
      for (const project of projects) {
        await page.goto(`/project/${project.id}`);
        await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
        const colonies = page.getByRole('region', { name: 'Colonies table' });
        if ((await colonies.count()) === 0) continue;
        await expect(page.getByRole('region', { name: 'Summary table' })).toBeVisible();
        await expect(
          page.getByRole('region', { name: `Map of the sites of ${project.name}` }),
        ).toBeVisible();
        expect(await pageOverflow(page), `${project.name}: the page does not scroll sideways`).toBe(
          0,
        );
        if (size === 'desktop') {
          const sideways = await colonies.evaluate((el) => el.scrollWidth - el.clientWidth);
          expect(sideways, `${project.name}: the colony table fits at 1400 px`).toBeLessThanOrEqual(
            0,
          );
        }
      }
      await page.goto('/project/82');
      await expect(page.locator('.sites-map .leaflet-land-pane path').first()).toBeAttached();
      await expectNoSeriousA11yViolations(page);
      if (SHOTS) {
        for (const [name, region] of [
          ['sites', page.getByRole('region', { name: /^Sites/ })],
          ['summary', page.getByRole('region', { name: /^Summary by species and condition/ })],
          ['colonies', page.getByRole('region', { name: /^Colonies/ }).first()],
        ] as const) {
          await region.screenshot({ path: `${SHOTS}/project-${name}-${size}.png` });
        }
      }
    });
  }
});
