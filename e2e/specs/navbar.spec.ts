import type { TPublicConfig } from '@coral/core';
import { readConfig } from '../support/api';
import { e2eEnv } from '../support/environment';
import { expect, test } from '../support/fixtures';
import { editResponse, holdRequests } from '../support/hold';

test.describe('[NAVBAR]', () => {
  test('is fixed at the top, 56 px high, with Home, Map and Projects', async ({ page }) => {
    await page.goto('/');
    const navbar = page.locator('nav.navbar');
    await expect(navbar).toHaveCSS('position', 'fixed');
    const box = await navbar.boundingBox();
    expect(box).toMatchObject({ y: 0, height: 56 });

    await navbar.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('heading', { name: 'Coral Research Projects' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Projects' })).toHaveClass(/active/);

    await navbar.getByRole('link', { name: 'Map' }).click();
    await expect(page).toHaveURL(/\/map$/);
    await navbar.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await navbar.getByRole('link', { name: 'Coral Thermal Tolerance' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the configured external links and Login for a visitor', async ({ page, request }) => {
    const config = await readConfig(request);
    await page.goto('/');
    const navbar = page.getByRole('navigation');
    await expect(navbar.getByRole('link', { name: /About Us/ })).toHaveAttribute(
      'href',
      config.links.aboutUs,
    );
    await expect(navbar.getByRole('link', { name: /Get Help/ })).toHaveAttribute(
      'href',
      config.links.getHelp,
    );
    await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Upload to Database' })).toHaveCount(0);
  });

  test("opens the built-in ED50 Calculator on this host's calculator port in a new tab", async ({
    page,
  }) => {
    const expected = `http://127.0.0.1:${e2eEnv('ed50Port')}/`;
    await page.goto('/');
    const link = page.getByRole('navigation').getByRole('link', { name: /ED50 Calculator/ });
    await expect(link).toHaveAttribute('href', expected);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    // The calculator port serves the same app with the calculator as its home page.
    await expect(popup).toHaveURL(`${expected}ed50`);
    await expect(popup.getByRole('heading', { level: 1, name: 'ED50 Calculator' })).toBeVisible();
    await popup.close();
  });

  test('uses the ED50 Calculator address the server is configured with', async ({ page }) => {
    await editResponse<TPublicConfig>(page, '**/api/public/config/', (config) => ({
      ...config,
      links: { ...config.links, ed50Calculator: 'https://ed50.example.org/calculator' },
    }));
    await page.goto('/');
    const link = page.getByRole('navigation').getByRole('link', { name: /ED50 Calculator/ });
    await expect(link).toHaveAttribute('href', 'https://ed50.example.org/calculator');
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('is drawn at once on a cold load, before the scripts and the configuration', async ({
    page,
  }) => {
    // Decision 0004: a cold load showed a blank 'Loading…' for up to 2 s.
    const scripts = await holdRequests(page, '**/assets/*.js');
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByText('Coral Thermal Tolerance')).toBeVisible();
    const bar = await page.locator('[data-boot-shell]').boundingBox();
    expect(bar).toMatchObject({ y: 0, height: 56 });

    const config = await holdRequests(page, '**/api/public/config/');
    scripts.release();
    const navbar = page.getByRole('navigation');
    await expect(navbar.getByRole('link', { name: 'Coral Thermal Tolerance' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Map' })).toBeVisible();
    await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
    config.release();
    await expect(navbar.getByRole('link', { name: /Get Help/ })).toBeVisible();
  });
});
