import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from '../support/e2e-server';
import { expect, test } from '../support/fixtures';
import { logInThroughUi } from '../support/login';
import { RESEARCHER } from '../support/users';

/*
 * Uploading a dataset (decision 0007) against the real server, whose in-process worker imports it.
 * Each journey makes its files unique (a project name with the run's time), so retries and the
 * other journeys never meet the duplicate check.
 */

const datasheet = (name: string) =>
  fs.readFileSync(path.join(repoRoot, 'fixtures/datasheets', name), 'utf8');

const unique = () => `E2E upload ${Date.now()}-${Math.random().toString(16).slice(2, 6)}`;

function csvPayload(name: string, text: string) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text) };
}

async function openUploadLoggedIn(page: Page) {
  await page.goto('/upload');
  await expect(page.getByText('Please log in to upload data').first()).toBeVisible();
  await logInThroughUi(page, RESEARCHER);
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByText(`Logged in as ${RESEARCHER.username}`)).toBeVisible();
}

test.describe('[UPLOAD] Upload Coral Research Data', () => {
  test('choose both files, preview, upload, follow the status to done in My uploads', async ({
    page,
    checkA11y,
  }) => {
    await openUploadLoggedIn(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Upload Coral Research Data' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upload Workflow' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ED50 calculator', exact: true })).toHaveAttribute(
      'href',
      '/ed50',
    );
    await checkA11y();

    const project = unique();
    const raw = datasheet('cbass_dataset_raw.csv').replaceAll(
      '202211_DEU_Zugspitze-Feldberg',
      project,
    );
    await page
      .getByLabel('1. Main Data File')
      .setInputFiles(csvPayload('cbass_dataset_raw.csv', raw));
    await expect(page.getByText(/^cbass_dataset_raw\.csv \(\d+\.\d\d KB\)$/)).toBeVisible();

    // The preview: counts, required columns with an asterisk, the first 50 of 240 rows.
    const preview = page.getByRole('region', { name: 'Data preview table' });
    await expect(page.getByRole('heading', { name: 'Data Preview' })).toBeVisible();
    await expect(page.getByText('240 rows')).toBeVisible();
    await expect(page.getByText('12 columns')).toBeVisible();
    await expect(preview.getByRole('columnheader', { name: 'Pam_value*' })).toBeVisible();
    await expect(preview.locator('tbody tr')).toHaveCount(50);
    await expect(
      page.getByText('... and 190 more rows (showing first 50 for performance)'),
    ).toBeVisible();
    expect(await preview.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('600px');
    await expect(page.getByRole('button', { name: 'Upload Data' })).toBeDisabled();

    await page
      .getByLabel('2. ED50 Results File')
      .setInputFiles(csvPayload('ED50_Results.csv', datasheet('cbass_dataset_ED50_Results.csv')));
    await expect(page.getByText(/^ED50_Results\.csv \(\d+\.\d\d KB\)$/)).toBeVisible();
    await checkA11y();

    await page.getByRole('button', { name: 'Upload Data' }).click();
    await expect(page.getByRole('heading', { name: 'Upload Successful' })).toBeVisible();
    await expect(
      page.getByText(
        'Your files have been successfully uploaded and are now queued for processing. You can upload another dataset or navigate away from this page.',
      ),
    ).toBeVisible();
    await checkA11y();

    await page.getByRole('link', { name: 'Follow its processing in My uploads' }).click();
    await expect(page).toHaveURL(/\/uploads\/\d+$/);
    // The worker imports it; the page follows the status by itself.
    await expect(page.locator('[data-status="done"]')).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText(
        `Imported as a draft of the dataset “${project}” (version 1): 30 colonies, 240 observations and 180 thermal thresholds`,
        { exact: false },
      ),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: 'Colonies 30' })).toBeVisible();
    await checkA11y();

    // A draft: its owner sees it on its dataset page (the datasets journey takes it further).
    await page.getByRole('link', { name: /^Version 1 of “.+”$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();

    // My uploads, from the user menu.
    await page.getByRole('navigation').getByRole('button', { name: RESEARCHER.username }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'My uploads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My uploads' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'cbass_dataset_raw.csv' }).first();
    await expect(row.getByText('Done')).toBeVisible();
    await expect(row.getByText('30 colonies, 240 observations, 180 thresholds')).toBeVisible();
    await checkA11y();

    // Upload Another Dataset starts again from empty pickers.
    await page.goto('/upload');
    await expect(page.getByRole('button', { name: 'Upload Data' })).toBeDisabled();
  });

  test('an Excel workbook (.xlsx) is previewed exactly as its CSV (decision 0023)', async ({
    page,
  }) => {
    await openUploadLoggedIn(page);
    await page
      .getByLabel('1. Main Data File')
      .setInputFiles(path.join(repoRoot, 'fixtures/datasheets/cbass_84.xlsx'));
    await expect(page.getByText(/^cbass_84\.xlsx \(\d+\.\d\d KB\)$/)).toBeVisible();
    const preview = page.getByRole('region', { name: 'Data preview table' });
    await expect(page.getByText('112 rows')).toBeVisible();
    await expect(page.getByText('18 columns')).toBeVisible();
    // Date cells come out as the CSV's ISO dates, numbers as written.
    const firstRow = preview.locator('tbody tr').first();
    await expect(firstRow).toContainText('2018-08-07');
    await expect(firstRow).toContainText('36.91');
    await expect(page.getByRole('heading', { name: 'Validation Errors' })).toHaveCount(0);
  });

  test('errors: wrong file type at once, a bad date in the row-level report with a CSV download', async ({
    page,
    checkA11y,
  }) => {
    await openUploadLoggedIn(page);
    await page.getByLabel('1. Main Data File').setInputFiles(csvPayload('data.xls', 'x'));
    await expect(page.getByRole('heading', { name: 'Validation Errors' })).toBeVisible();
    await expect(page.getByText('Please select a CSV file for the main data')).toBeVisible();

    // A damaged workbook (renamed .csv) is refused by the server with its reason.
    await page.getByLabel('1. Main Data File').setInputFiles({
      name: 'workbook.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0, 8, 0, 0, 0, 0x21, 0]),
    });
    await expect(page.getByRole('heading', { name: 'Validation Errors' })).toHaveCount(0);
    await page
      .getByLabel('2. ED50 Results File')
      .setInputFiles(csvPayload('ED50_Results.csv', datasheet('cbass_dataset_ED50_Results.csv')));
    await page.getByRole('button', { name: 'Upload Data' }).click();
    // The refusal names the file (the preview may show the same reason beside it, as a warning).
    await expect(
      page.getByText(
        /^The main data file \(workbook\.csv\): This file is not a readable Excel workbook \(\.xlsx\): its ZIP directory is missing\./,
      ),
    ).toBeVisible();
    await checkA11y();

    // A standard sheet (ED50 inline, no second file needed) with an impossible date.
    await page.getByRole('button', { name: 'Clear' }).click();
    const broken = datasheet('cbass_84.csv')
      .replaceAll('Voolstra et al. 2021', unique())
      .replace('2018-08-07', '2222-08-07');
    await page.getByLabel('1. Main Data File').setInputFiles(csvPayload('cbass_84.csv', broken));
    await expect(page.getByText(/Optional for this file/)).toBeVisible();
    await page.getByRole('button', { name: 'Upload Data' }).click();
    await expect(page.getByRole('heading', { name: 'Upload Successful' })).toBeVisible();
    await page.getByRole('link', { name: 'Follow its processing in My uploads' }).click();
    await expect(page.locator('[data-status="failed"]')).toBeVisible({ timeout: 30_000 });
    await expect(
      page
        .getByRole('list', { name: 'Errors by kind' })
        .getByText('Row 2: 2222-08-07 is in the future.', { exact: false }),
    ).toBeVisible();
    const errors = page.getByRole('region', { name: 'Errors' });
    await expect(errors.getByRole('cell', { name: '2222-08-07 is in the future.' })).toBeVisible();
    await expect(errors.getByRole('cell', { name: 'Experiment.date' })).toBeVisible();
    await checkA11y();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download error report (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^upload_\d+_errors\.csv$/);
    const report = fs.readFileSync(await download.path(), 'utf8');
    expect(report).toContain('File,Row,Column,Value,Problem,Fix');
    expect(report).toContain(
      'Main data file,2,Experiment.date,2222-08-07,2222-08-07 is in the future.',
    );
  });

  test('a main file and an ED50 file from different studies are refused before sending (decision 0022)', async ({
    page,
    checkA11y,
  }) => {
    await openUploadLoggedIn(page);
    const main = datasheet('2022_FJI_Viti_Levu_raw.csv').replaceAll(
      '2022_FJI_Viti_Levu_ElisaJahreis',
      unique(),
    );
    await page.getByLabel('1. Main Data File').setInputFiles(csvPayload('viti_levu.csv', main));
    await expect(page.getByRole('heading', { name: 'Data Preview' })).toBeVisible();
    await page
      .getByLabel('2. ED50 Results File')
      .setInputFiles(csvPayload('ED50_Results.csv', datasheet('cbass_dataset_ED50_Results.csv')));
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/upload-csv/')) sent = true;
    });
    await page.getByRole('button', { name: 'Upload Data' }).click();
    await expect(page.getByRole('heading', { name: 'Validation Errors' })).toBeVisible();
    await expect(
      page.getByText(
        'No row of the ED50 results file matches a colony of the main data file. Site Zugspitze, Feldberg of the ED50 results file are not in the main data file (it has Vatu-o-lalai, Votua, Tagaqe).',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upload Successful' })).toHaveCount(0);
    expect(sent).toBe(false);
    await checkA11y();
  });
});
