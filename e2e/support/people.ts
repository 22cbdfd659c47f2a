import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { repoRoot } from './e2e-server';
import { e2eEnv } from './environment';
import { logInThroughUi } from './login';
import { keepOffline } from './offline';
import type { E2eUser } from './users';

/** A datasheet of fixtures/datasheets as a file input takes it, its text changed by `change`. */
export function datasheetFile(name: string, change: (text: string) => string = (text) => text) {
  const text = fs.readFileSync(path.join(repoRoot, 'fixtures/datasheets', name), 'utf8');
  return { name, mimeType: 'text/csv', buffer: Buffer.from(change(text)) };
}

/**
 * A person in a browser context of their own at desktop size, kept offline, on the home page of
 * `baseURL` (the journeys' server unless given), logged in as `user` (null: a visitor).
 */
export async function personAt(
  browser: Browser,
  user: E2eUser | null,
  baseURL: string = e2eEnv('baseUrl'),
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  await keepOffline(context);
  const page = await context.newPage();
  await page.goto('/');
  if (user) await logInThroughUi(page, user);
  return page;
}

/**
 * The owner uploads a main data file and its ED50 results file as a new dataset titled `study`,
 * waits for its processing, describes it (Bob Example, CC BY 4.0, `pam` when given) and submits
 * it for review.
 */
export async function uploadAndSubmit(
  owner: Page,
  files: {
    study: string;
    main: ReturnType<typeof datasheetFile>;
    ed50: ReturnType<typeof datasheetFile>;
    description: string;
    pam?: string;
  },
): Promise<void> {
  await owner.goto('/upload');
  await owner.getByLabel('1. Main Data File').setInputFiles(files.main);
  await owner.getByLabel('2. ED50 Results File').setInputFiles(files.ed50);
  await owner.getByRole('button', { name: 'Upload Data' }).click();
  await expect(owner.getByRole('heading', { name: 'Upload Successful' })).toBeVisible();
  await owner.getByRole('link', { name: 'Follow its processing in My uploads' }).click();
  await expect(owner.locator('[data-status="done"]')).toBeVisible({ timeout: 60_000 });

  await owner.goto('/my/datasets');
  await owner
    .getByRole('article', { name: files.study })
    .getByRole('button', { name: 'Edit metadata' })
    .click();
  const form = owner.getByRole('form', { name: 'Dataset description' });
  await form.getByLabel('Description', { exact: true }).fill(files.description);
  await form.getByRole('button', { name: 'Add a creator' }).click();
  await form.getByLabel('Creator 1: name').fill('Bob Example');
  await form.getByLabel(/^CC BY 4\.0/).check();
  if (files.pam) await form.getByLabel('PAM instrument').selectOption({ label: files.pam });
  await form.getByRole('button', { name: 'Save and submit for review' }).click();
  await expect(
    owner.getByText('Version 1 was submitted for review', { exact: false }),
  ).toBeVisible();
}
