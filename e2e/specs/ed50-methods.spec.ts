import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cliResults,
  compute,
  downloaded,
  EXAMPLE,
  fileInput,
  read,
  runCli,
} from '../support/ed50-page';
import { expect, test } from '../support/fixtures';

/*
 * The calculator's methods beyond CBASSED50's default (decision 0027) in Chromium, computed by the
 * engine in its Web Worker: each download must equal the CLI's file for the same flags, byte for
 * byte, so the page and the CLI give the same numbers.
 */

test.describe('[ED50] methods', () => {
  test('Method “One fit per colony” in the Worker: the CLI’s --fit per-colony --intervals file', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(EXAMPLE);
    await page.getByLabel('Method', { exact: true }).selectOption({ label: 'One fit per colony' });
    await expect(
      page.getByText(/Each colony is fitted alone with the model chosen below/),
    ).toBeVisible();
    await compute(page);
    await expect(page.getByText(/^One fit per colony: each colony \(genotype\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload these results' })).toHaveCount(0);
    const { text } = await downloaded(page, 'Download ED50_Results.csv');
    expect(text).toBe(await cliResults('--fit', 'per-colony', '--intervals'));
    expect(text.split('\n')[0]).toContain('"ED50_SE","ED50_Lower","ED50_Upper"');
  });

  test('Model W1.3 fitted per colony in the Worker: the CLI’s --model W1.3 --fit per-colony file', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(EXAMPLE);
    await page.getByLabel('Method', { exact: true }).selectOption({ label: 'One fit per colony' });
    await page.getByLabel('Model', { exact: true }).selectOption('W1.3');
    await compute(page);
    await expect(page.getByRole('button', { name: 'Upload these results' })).toHaveCount(0);
    const { text } = await downloaded(page, 'Download ED50_Results.csv');
    expect(text).toBe(await cliResults('--model', 'W1.3', '--fit', 'per-colony', '--intervals'));
    expect(text).not.toBe(await cliResults('--fit', 'per-colony', '--intervals'));
  });

  test('parameter bounds (Hill 20–100) in the Worker: the CLI’s --lower b=20 --upper b=100 file', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(EXAMPLE);
    await page.getByLabel('Limit the curve parameters (drc’s lowerl / upperl)').check();
    await page.getByLabel('Lower bound of Hill slope (b)').fill('20');
    await page.getByLabel('Upper bound of Hill slope (b)').fill('100');
    await compute(page);
    await expect(page.getByRole('button', { name: 'Upload these results' })).toHaveCount(0);
    const { text } = await downloaded(page, 'Download ED50_Results.csv');
    expect(text).toBe(await cliResults('--lower', 'b=20', '--upper', 'b=100'));
    expect(text).not.toBe(await cliResults());
  });

  test('pooled EDs and the groups compared (Tukey HSD): shown, plotted, and the CLI’s files', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(EXAMPLE);
    await compute(page);
    const pooled = page.getByRole('region', { name: 'Pooled EDs by group' });
    await expect(pooled.getByRole('row')).toHaveCount(1 + 6);
    const comparison = page.getByRole('region', { name: 'Groups compared (Tukey HSD): ED50' });
    await expect(comparison.getByRole('row')).toHaveCount(1 + 15);
    await expect(
      page.getByRole('img', {
        name: 'Differences of mean ED50 between groups with 95 % intervals',
      }),
    ).toBeVisible();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-e2e-compare-'));
    const pooledCsv = path.join(folder, 'pooled.csv');
    const comparisonCsv = path.join(folder, 'comparison.csv');
    await runCli('ed50', EXAMPLE, '--pooled', pooledCsv, '--compare', comparisonCsv);
    expect((await downloaded(page, 'Download Pooled_EDs.csv')).text).toBe(read(pooledCsv));
    expect((await downloaded(page, 'Download Group_comparison.csv')).text).toBe(
      read(comparisonCsv),
    );
    fs.rmSync(folder, { recursive: true });
  });

  test('the joint fit with 95 % intervals at full precision in the Worker: the CLI’s --intervals --unrounded files', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(EXAMPLE);
    await page.getByLabel('95 % intervals of every ED (drc’s delta method)').check();
    await page.getByLabel('Full precision in the downloads (unrounded)').check();
    await compute(page);
    await expect(page.getByRole('button', { name: 'Upload these results' })).toHaveCount(0);
    const { text } = await downloaded(page, 'Download ED50_Results.csv');
    expect(text).toBe(await cliResults('--intervals', '--unrounded'));
    expect(text.split('\n')[0]).toContain('"ED50_SE","ED50_Lower","ED50_Upper"');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-e2e-unrounded-'));
    const comparisonCsv = path.join(folder, 'comparison.csv');
    await runCli('ed50', EXAMPLE, '--unrounded', '--compare', comparisonCsv);
    expect((await downloaded(page, 'Download Group_comparison.csv')).text).toBe(
      read(comparisonCsv),
    );
    fs.rmSync(folder, { recursive: true });
  });
});
