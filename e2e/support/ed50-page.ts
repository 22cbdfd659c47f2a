import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Download, Page } from '@playwright/test';
import { repoRoot } from './e2e-server';
import { expect } from './fixtures';

/** The ED50 calculator page and the CLI it must agree with, shared by the calculator's specs. */

export const execFileAsync = promisify(execFile);
export const fixture = (...parts: string[]) => path.join(repoRoot, 'fixtures', ...parts);
export const EXAMPLE = fixture('datasheets', 'cbass_dataset_raw.csv');
export const read = (file: string) => fs.readFileSync(file, 'utf8');

export const fileInput = (page: Page) => page.getByLabel('Raw CBASS data file (CSV or XLSX)');
export const resultsHeading = (page: Page) => page.getByRole('heading', { name: '4. Results' });

export async function compute(page: Page) {
  await page.getByRole('button', { name: 'Compute ED values' }).click();
  await expect(resultsHeading(page)).toBeFocused({ timeout: 30_000 });
}

export async function downloaded(
  page: Page,
  button: RegExp | string,
): Promise<{ download: Download; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  return { download, text: read(await download.path()) };
}

/** Runs the built CLI (`npm run cli`'s bundle) with `args`; its standard output. */
export async function runCli(...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(
    process.execPath,
    [path.join(repoRoot, 'apps/server/dist/cli.js'), ...args],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: path.join(repoRoot, 'data') },
    },
  );
  return stdout;
}

/** The CLI's ED50_Results.csv of the example with `flags` (the page's download must equal it). */
export const cliResults = (...flags: string[]) => runCli('ed50', EXAMPLE, '--row-names', ...flags);
