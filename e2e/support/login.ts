import { expect, type Page } from '@playwright/test';
import type { E2eUser } from './users';

/** Logs in through the login page (from wherever the page is) and waits for the redirect. */
export async function logInThroughUi(page: Page, user: E2eUser): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(
    page.getByRole('navigation').getByRole('button', { name: user.username }),
  ).toBeVisible();
}
