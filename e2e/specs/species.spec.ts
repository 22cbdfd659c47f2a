import { expect, test } from '../support/fixtures';

/** The seed's Porites cylindrica: 20 colonies at 2 Fiji sites, one project (decision 0020). */
const SPECIES_PATH = '/species/Porites%20cylindrica';

test.describe('[SPECIES] species page', () => {
  test('shows the ED50 distributions with their tables, the map and the sources', async ({
    page,
    checkA11y,
  }) => {
    await page.goto(SPECIES_PATH);
    await expect(page).toHaveTitle('Porites cylindrica · Coral Thermal Tolerance');
    await expect(page.getByRole('heading', { level: 1, name: 'Porites cylindrica' })).toBeVisible();
    const facts = page.getByRole('list', { name: 'Species facts' });
    await expect(facts).toContainText('20 colonies');
    await expect(facts).toContainText('2 sites');
    // Two failed fits of the seed are counted, not plotted.
    await expect(page.getByText(/2 ED50 values are left out as untrustworthy/)).toBeVisible();

    for (const grouping of ['ED50 by site', 'ED50 by condition']) {
      const section = page.getByRole('region', { name: grouping });
      // Absolute and relative: a plot and its table each.
      await expect(section.getByRole('img')).toHaveCount(2);
      await expect(section.getByRole('table')).toHaveCount(2);
    }
    const conditions = page
      .getByRole('region', { name: 'Absolute ED50 by condition: numbers (°C)' })
      .getByRole('rowheader');
    await expect(conditions).toHaveText(['Summer', 'Winter']);

    const map = page.getByRole('region', { name: /Map of the sites where Porites cylindrica/ });
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(2);
    await checkA11y();

    await page
      .getByRole('region', { name: 'Projects' })
      .getByRole('link', { name: '2022_FJI_Viti_Levu_ElisaJahreis' })
      .click();
    await expect(page).toHaveURL(/\/project\/61$/);
  });

  test("says 'Species Not Found' for a species nobody measured", async ({ page, checkA11y }) => {
    await page.goto('/species/Acropora%20imaginaria');
    await expect(page.getByRole('heading', { level: 1, name: 'Species Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Species Not Found · Coral Thermal Tolerance');
    await checkA11y();
  });
});

test.describe('[SPECIES] on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('plots, tables and map fit the screen; only tables scroll sideways', async ({
    page,
    checkA11y,
  }) => {
    await page.goto(SPECIES_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Porites cylindrica' })).toBeVisible();
    const plot = page.getByRole('img', { name: 'Absolute ED50 by site' });
    await expect(plot).toBeVisible();
    expect((await plot.boundingBox())!.width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('region', { name: /Map of the sites/ }).scrollIntoViewIfNeeded();
    await checkA11y();
  });
});
