import type { Page } from '@playwright/test';
import type { TCartGroup, TColony } from '@coral/core';
import { expect, test } from '../support/fixtures';
import { ALICE } from '../support/users';

const CART_PREFIX = 'Compare e2e';
const CART_SPECIES = ['Porites lobata', 'Pocillopora verrucosa'];

/**
 * Logs in on /cart (the navbar is collapsed on a phone) and puts each species' public colonies
 * into a cart group of its own, replacing this journey's groups of an earlier run.
 */
async function twoCartGroups(page: Page): Promise<void> {
  await page.goto('/cart');
  await page.getByRole('main').getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Username').fill(ALICE.username);
  await page.getByLabel('Password').fill(ALICE.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const token = (await (await page.request.get('/api/auth/csrf/')).json()) as { csrfToken: string };
  const headers = { 'X-CSRFToken': token.csrfToken };
  const groups = (await (await page.request.get('/api/auth/cart/')).json()) as TCartGroup[];
  for (const group of groups.filter((g) => g.name.startsWith(CART_PREFIX))) {
    await page.request.delete('/api/auth/cart/', { headers, data: { group_id: group.id } });
  }
  for (const species of CART_SPECIES) {
    const colonies = (await (
      await page.request.get(`/api/public/colonies/?species=${encodeURIComponent(species)}`)
    ).json()) as TColony[];
    const added = await page.request.post('/api/auth/cart/', {
      headers,
      data: { name: `${CART_PREFIX} ${species}`, colony_ids: colonies.map((c) => c.id) },
    });
    expect(added.status()).toBe(201);
  }
}

/**
 * The Compare page (decision 0067) on the seed: the map's selection by species, ED50 − MMM, with
 * R's letters (fixtures/analysis-reference/platform_expected.csv: Porites lobata "d"), the plots,
 * the analyses' tables, the CSV and the citations, at desktop and phone size.
 */
for (const [name, viewport] of [
  ['desktop', { width: 1400, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`[COMPARE] ${name}`, () => {
    test.use({ viewport });

    test('compares the species of the map, relative to the MMM', async ({ page, checkA11y }) => {
      await page.goto('/compare?groupBy=species&relative=mmm');
      await expect(page).toHaveTitle('Compare · Coral Thermal Tolerance');
      await expect(page.getByRole('heading', { level: 1, name: 'Compare' })).toBeVisible();
      const groups = page.getByTestId('compare-groups');
      await expect(groups.getByRole('rowheader')).toHaveCount(17);
      await expect(page.getByText('682 colonies, 751 observations')).toBeVisible();
      await expect(page.getByTestId('compare-means-plot')).toBeVisible();
      await expect(page.getByTestId('compare-mmm-plot')).toBeVisible();
      await expect(page.getByTestId('compare-regression')).toContainText('lm(ED50 ~ MMM) over');
      await expect(page.getByTestId('analysis-report').first()).toBeVisible();
      await expect(
        page.getByTestId('compare-citations').getByRole('listitem').first(),
      ).toBeVisible();
      const csv = page.getByRole('link', { name: 'Download the analyses (CSV)' });
      expect(await csv.getAttribute('href')).toBe(
        '/api/public/compare/analyses.csv?groupBy=species&relative=mmm',
      );
      expect(
        await page.getByRole('link', { name: 'R script with its data (ZIP)' }).getAttribute('href'),
      ).toBe('/api/public/compare/analyses_R.zip?groupBy=species&relative=mmm');
      const png = page.waitForEvent('download');
      await page
        .getByRole('group', { name: 'Download the plot “ED50 − MMM by species”' })
        .getByRole('button', { name: 'Download PNG' })
        .click();
      expect((await png).suggestedFilename()).toBe('ED50_MMM_by_species.png');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/compare-${name}.png`, fullPage: false });
      await checkA11y();

      // Leave a species out and bring it back, with the keyboard only.
      const summary = page.getByText('Groups to include (17 of 17)');
      await summary.focus();
      await page.keyboard.press('Enter');
      const lobata = page.getByTestId('compare-include').getByLabel('Porites lobata');
      await lobata.focus();
      await page.keyboard.press('Space');
      await expect(page).toHaveURL(/include=/);
      await expect(page.getByText('Groups to include (16 of 17)')).toBeVisible();
      await expect(groups.getByRole('rowheader')).toHaveCount(16);
      await expect(groups.getByRole('rowheader', { name: 'Porites lobata' })).toHaveCount(0);
      await checkA11y();
      await page.getByRole('button', { name: 'Include every group' }).focus();
      await page.keyboard.press('Enter');
      await expect(groups.getByRole('rowheader')).toHaveCount(17);
      await expect(page).not.toHaveURL(/include=/);

      // The seed's failed fits are left out, and said so, until the reader includes them.
      const leftOut = page.getByText(/ED values are left out: their quality flags/);
      await expect(leftOut).toBeVisible();
      await page.getByLabel('Include flagged values').check();
      await expect(page).toHaveURL(/flagged=include/);
      await expect(leftOut).toHaveCount(0);
      expect(await csv.getAttribute('href')).toBe(
        '/api/public/compare/analyses.csv?groupBy=species&relative=mmm&flagged=include',
      );

      await page.getByLabel('Group by').selectOption('site');
      await expect(page).toHaveURL(/groupBy=site/);
      await expect(groups.getByRole('rowheader').first()).toBeVisible();
    });

    test('compares two cart groups of a logged-in user', async ({ page, checkA11y }) => {
      await twoCartGroups(page);
      await page.goto('/compare');
      // The choices live in the address: a box shows its new state once the address changed.
      await page.getByLabel('My cart groups').click();
      await expect(page.getByLabel('My cart groups')).toBeChecked();
      await expect(page.getByText('Choose one or more cart groups.')).toBeVisible();
      for (const species of CART_SPECIES) {
        const box = page.getByLabel(new RegExp(`^${CART_PREFIX} ${species} \\(`));
        await box.click();
        await expect(box).toBeChecked();
      }
      const groups = page.getByTestId('compare-groups');
      await expect(groups.getByRole('rowheader')).toHaveText([
        `${CART_PREFIX} Pocillopora verrucosa`,
        `${CART_PREFIX} Porites lobata`,
      ]);
      await expect(page.getByText('172 colonies, 172 observations')).toBeVisible();
      await expect(page.getByTestId('compare-means-plot')).toBeVisible();
      const r = page.getByRole('link', { name: 'R script with its data (ZIP)' });
      expect(await r.getAttribute('href')).toMatch(
        /^\/api\/auth\/cart\/compare\/analyses_R\.zip\?groupIds=\d+%2C\d+&groupBy=group$/,
      );
      const zip = page.waitForEvent('download');
      await r.click();
      expect((await zip).suggestedFilename()).toBe('compare-cart-analyses_R.zip');
      await page.screenshot({ path: `test-results/compare-cart-${name}.png`, fullPage: false });
      await checkA11y();
    });
  });
}
