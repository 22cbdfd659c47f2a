import { expect, test } from '../support/fixtures';

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
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/compare-${name}.png`, fullPage: false });
      await checkA11y();

      await page.getByLabel('Group by').selectOption('site');
      await expect(page).toHaveURL(/groupBy=site/);
      await expect(groups.getByRole('rowheader').first()).toBeVisible();
    });
  });
}
