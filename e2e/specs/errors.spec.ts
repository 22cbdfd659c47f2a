import { expect, test } from '../support/fixtures';
import { failRequests } from '../support/hold';

test.describe('[ERRORS] not-found page and error screen', () => {
  test('an unknown path gets a real not-found page (HTTP 404)', async ({ page, checkA11y }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found · Coral Thermal Tolerance');
    await checkA11y();
    await page.getByRole('link', { name: 'Browse Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });

  test('every client route answers a deep link with 200 and renders its own page', async ({
    page,
  }) => {
    for (const [path, title] of [
      ['/map', 'Colony Map'],
      ['/projects', 'Coral Research Projects'],
      ['/project/61', '2022_FJI_Viti_Levu_ElisaJahreis'],
      ['/cart', 'Research Cart'],
      ['/upload', 'Upload Coral Research Data'],
      ['/ed50', 'ED50 Calculator'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeAttached();
      await expect(page.getByText('not available yet')).toHaveCount(0);
    }
  });

  test("shows 'Unexpected Application Error!' when the app cannot start", async ({
    page,
    checkA11y,
  }) => {
    await failRequests(page, '**/api/public/config/', 500);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByText('HTTP error! status: 500')).toBeVisible();
    await expect(page).toHaveTitle('Error · Coral Thermal Tolerance');
    await checkA11y();
    await page.unroute('**/api/public/config/');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect(
      page.getByRole('heading', { name: 'Coral Thermal Tolerance Research Platform' }),
    ).toBeVisible();
  });

  test("shows 'Unexpected Application Error!' under the navbar when a page fails to load", async ({
    page,
  }) => {
    await page.goto('/');
    await page.route('**/assets/projects-*.js', (route) => route.abort('connectionreset'));
    await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' })).toBeVisible();
  });
});
