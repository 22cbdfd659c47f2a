import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/**
 * The colony page (decision 0019) against the real server and seed: seed colony 663,
 * whose Winter thresholds come from a failed curve fit (flagged implausible), and 658, whose
 * stored values its own observations reproduce.
 */

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('[COLONY] a colony page', () => {
  test('shows the thresholds with their flags explained, the refitted curves, sources, map and citation', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/colony/663');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vatu-o-lalai_Porites_cylindrica_6' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Vatu-o-lalai_Porites_cylindrica_6 · Coral Thermal Tolerance');
    await expect(page.getByRole('link', { name: 'Porites cylindrica' })).toHaveAttribute(
      'href',
      '/species/Porites%20cylindrica',
    );

    const thresholds = page.getByRole('region', { name: 'Thermal thresholds' });
    await expect(thresholds.getByRole('link', { name: 'Implausible value' })).toHaveCount(3);

    // The refit of the failed Winter fit differs from the stored value; the plot is drawn.
    const winter = page.getByRole('region', { name: 'Assay Winter · 420' });
    await expect(winter.getByRole('img', { name: 'Dose-response, Winter · 420' })).toBeVisible();
    await expect(winter.getByTestId('refit-ed50')).toContainText('58.59°C');
    await expect(winter.getByTestId('refit-ed50')).toContainText('differs from stored');
    await expect(page.getByRole('region', { name: 'Assay Summer · 420' })).toBeVisible();

    const sources = page.getByRole('region', { name: 'Projects and dataset' });
    await expect(sources.getByText('Licence not stated')).toBeVisible();
    await expect(
      page.getByTestId('colony-location-map').locator('.leaflet-interactive'),
    ).toHaveCount(1);
    await expect(
      page.getByRole('region', { name: 'How to cite' }).getByTestId('citation-text'),
    ).toContainText(
      // The seed's creators were not recorded: the citation says so and names no account.
      '2022_FJI_Viti_Levu_ElisaJahreis (Version 1) [Data set; creators not recorded, imported from the Coral Future database]',
    );
    await checkA11y();

    await sources
      .getByRole('link', { name: '2022_FJI_Viti_Levu_ElisaJahreis', exact: true })
      .click();
    await expect(page).toHaveURL(/\/project\/61$/);
  });

  test('an unknown colony and a malformed id show Colony Not Found; the API answers 404 and 400', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/colony/900001');
    await expect(page.getByRole('heading', { level: 1, name: 'Colony Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Colony Not Found · Coral Thermal Tolerance');
    await checkA11y();
    await page.goto('/colony/abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Colony Not Found' })).toBeVisible();

    const unknown = await page.request.get('/api/public/colonies/900001/');
    expect(unknown.status()).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe(
      'Colony 900001 not found (or not published).',
    );
    expect((await page.request.get('/api/public/colonies/abc/')).status()).toBe(400);
  });
});

test.describe('[COLONY][PHONE] a colony page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('fits the screen: tables scroll inside their regions, plots fit', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/colony/658');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vatu-o-lalai_Porites_cylindrica_1' }),
    ).toBeVisible();
    const plot = page.getByRole('img', { name: 'Dose-response, Winter · 420' });
    await expect(plot).toBeVisible();
    expect((await plot.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expect(
      page.getByRole('region', { name: 'Thermal thresholds of this colony' }),
    ).toHaveAttribute('tabindex', '0');
    await checkA11y();
  });
});
