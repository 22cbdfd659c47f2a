import type { TPublicConfig, TStatistics } from '@coral/core';
import { expect, test } from '../support/fixtures';
import { editResponse, failRequests, holdRequests } from '../support/hold';

const STATISTICS = '**/api/public/statistics/';

test.describe('[HOME] landing page', () => {
  test('shows the real statistics: 682 colonies, 11 projects', async ({ page, checkA11y }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Home · Coral Thermal Tolerance');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Coral Thermal Tolerance Research Platform' }),
    ).toBeVisible();
    const strip = page.getByRole('region', { name: 'Statistics' });
    await expect(strip.getByText('682', { exact: true })).toBeVisible();
    await expect(strip.getByText('11', { exact: true })).toBeVisible();
    await expect(strip.getByText('6', { exact: true })).toBeVisible();
    await expect(strip.getByText('24/7')).toBeVisible();
    for (const label of ['Coral Colonies', 'Research Projects', 'Countries', 'Data Access']) {
      await expect(strip.getByText(label)).toBeVisible();
    }
    await expect(strip.getByText('Loading...')).toHaveCount(0);
    await checkA11y();
  });

  test("shows placeholder dots and 'Loading...' while the statistics load", async ({ page }) => {
    const held = await holdRequests(page, STATISTICS);
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Statistics' });
    await expect(strip.getByText('Loading...')).toHaveCount(4);
    await expect(strip.getByText('•••')).toHaveCount(4);
    held.release();
    await expect(strip.getByText('682', { exact: true })).toBeVisible();
    await expect(strip.getByText('Loading...')).toHaveCount(0);
  });

  test('shows counts of 1000 or more as thousands with a plus (2500 → 2+)', async ({ page }) => {
    await editResponse<TStatistics>(page, STATISTICS, (statistics) => ({
      ...statistics,
      coral_colonies: 2500,
      research_projects: 1000,
      countries: 999,
      data_access_24_7: false,
    }));
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Statistics' });
    await expect(strip.getByText('2+', { exact: true })).toBeVisible();
    await expect(strip.getByText('1+', { exact: true })).toBeVisible();
    await expect(strip.getByText('999', { exact: true })).toBeVisible();
    await expect(strip.getByText('Limited')).toBeVisible();
  });

  test('shows zeros when the statistics call fails', async ({ page }) => {
    await failRequests(page, STATISTICS, 500);
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Statistics' });
    await expect(strip.getByText('0', { exact: true })).toHaveCount(3);
    await expect(strip.getByText('Limited')).toBeVisible();
  });

  test('hero buttons, CBASS cards, features and contribute sections', async ({ page, request }) => {
    const config = (await (await request.get('/api/public/config/')).json()) as TPublicConfig;
    await page.goto('/');

    await expect(page.getByText('Open CBASS thermal-tolerance data')).toBeVisible();
    await expect(page.getByRole('link', { name: /Request Account Access/ })).toHaveAttribute(
      'href',
      config.links.accountRequestForm,
    );

    const cbass = page.getByRole('region', { name: 'CBASS Research Tools' });
    await expect(cbass.locator('.card')).toHaveCount(2);
    await expect(
      cbass.getByText(/50% of the initial photosystem efficiency is lost/),
    ).toBeVisible();
    await expect(
      cbass.getByText(
        /PAM data from 4 samples at 4 temperature profiles, for at least 2 colonies of 1 species from 1 site/,
      ),
    ).toBeVisible();
    await expect(cbass.locator('.card-footer .badge')).toHaveCount(4);

    await page.getByRole('link', { name: 'Explore Features' }).click();
    await expect(page).toHaveURL(/#features$/);
    const features = page.locator('#features');
    await expect(features).toBeInViewport();
    await expect(features.getByRole('heading', { name: 'Platform Features' })).toBeVisible();
    await expect(features.locator('.card')).toHaveCount(4);

    const contribute = page.locator('#contribute');
    // The source code is linked only when the deployment knows where it is (README, settings).
    const source = contribute.getByRole('link', { name: /Source code/ });
    if (config.links.sourceRepository) {
      await expect(source).toHaveAttribute('href', config.links.sourceRepository);
    } else {
      await expect(source).toHaveCount(0);
    }
    await contribute.getByRole('link', { name: 'Upload Data' }).click();
    await expect(page).toHaveURL(/\/upload$/);

    await page.goto('/');
    await page.getByRole('link', { name: 'View Map' }).click();
    await expect(page).toHaveURL(/\/map$/);
  });
});
