import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { logInThroughUi } from '../support/login';
import { RESEARCHER } from '../support/users';

test.describe('[AUTH] login and logout', () => {
  const signIn = (page: Page) => page.getByRole('button', { name: /^(Sign In|Signing in\.\.\.)$/ });

  test('requires both fields: Sign In is disabled until both are filled', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Login · Coral Thermal Tolerance');
    await expect(page.getByLabel('Username')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await expect(signIn(page)).toBeDisabled();
    await page.getByLabel('Username').fill('someone');
    await expect(signIn(page)).toBeDisabled();
    await page.getByLabel('Password').fill('something');
    await expect(signIn(page)).toBeEnabled();
    await page.getByLabel('Username').fill('');
    await expect(signIn(page)).toBeDisabled();
    await expect(page.getByRole('link', { name: /Request access/ })).toBeVisible();
    await checkA11y();
  });

  test("shows the server's error, dismissible and cleared by editing", async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('e2e-nobody');
    await page.getByLabel('Password').fill('wrong-password');
    await signIn(page).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid username or password' });
    await expect(alert).toBeVisible();
    await checkA11y();
    await page.getByLabel('Password').press('x');
    await expect(alert).toHaveCount(0);

    await signIn(page).click();
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Close alert' }).click();
    await expect(alert).toHaveCount(0);
  });

  test("shows 'Invalid username or password' for a 401 without text and 'Login failed. Please try again.' otherwise", async ({
    page,
  }) => {
    let answer: { status: number } | 'network' = { status: 401 };
    await page.route('**/api/auth/login/', (route) =>
      answer === 'network'
        ? route.abort('connectionreset')
        : route.fulfill({ status: answer.status, body: '' }),
    );
    await page.goto('/login');
    await page.getByLabel('Username').fill(RESEARCHER.username);
    await page.getByLabel('Password').fill('irrelevant');
    await signIn(page).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();

    answer = { status: 500 };
    await signIn(page).click();
    await expect(page.getByText('Login failed. Please try again.')).toBeVisible();

    answer = 'network';
    await page.getByLabel('Password').fill('irrelevant-again');
    await signIn(page).click();
    await expect(page.getByText('Login failed. Please try again.')).toBeVisible();
  });

  test("says 'Signing in...', then 'Login successful! Redirecting...', then returns to the requested page after 1 s", async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login/', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/projects');
    await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Username').fill(RESEARCHER.username);
    await page.getByLabel('Password').fill(RESEARCHER.password);
    await signIn(page).click();
    await expect(signIn(page)).toHaveText('Signing in...');
    await expect(signIn(page)).toBeDisabled();
    release();

    await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(/\/projects$/, { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(800);
    await expect(page.getByRole('heading', { name: 'Coral Research Projects' })).toBeVisible();
  });

  test('goes to / after logging in on /login directly, and then sends the visitor away from /login', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(RESEARCHER.username);
    await page.getByLabel('Password').fill(RESEARCHER.password);
    await signIn(page).click();
    await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { name: 'Coral Thermal Tolerance Research Platform' }),
    ).toBeVisible();
  });

  test('a logged-in user gets Upload to Database and the username menu with Cart and Logout', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/');
    const navbar = page.getByRole('navigation');
    await expect(navbar.getByRole('link', { name: 'Upload to Database' })).toHaveCount(0);
    await logInThroughUi(page, RESEARCHER);

    await expect(navbar.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await navbar.getByRole('link', { name: 'Upload to Database' }).click();
    await expect(page).toHaveURL(/\/upload$/);

    await navbar.getByRole('button', { name: RESEARCHER.username }).click();
    await expect(navbar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await checkA11y();
    await navbar.getByRole('link', { name: 'Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);

    await page.reload();
    await expect(navbar.getByRole('button', { name: RESEARCHER.username })).toBeVisible();
  });

  test('Logout ends the session and goes to /', async ({ page }) => {
    await page.goto('/projects');
    await logInThroughUi(page, RESEARCHER);
    const navbar = page.getByRole('navigation');
    await navbar.getByRole('button', { name: RESEARCHER.username }).click();
    await navbar.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Upload to Database' })).toHaveCount(0);
    await page.reload();
    await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('a failed logout still clears the local state and says so', async ({ page }) => {
    await page.goto('/projects');
    await logInThroughUi(page, RESEARCHER);
    await page.route('**/api/auth/logout/', (route) =>
      route.fulfill({
        status: 500,
        json: { error: 'Internal Server Error', code: 'INTERNAL_ERROR' },
      }),
    );
    const navbar = page.getByRole('navigation');
    await navbar.getByRole('button', { name: RESEARCHER.username }).click();
    await navbar.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText('Logout failed, but you have been logged out locally.'),
    ).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
