import fs from 'node:fs';
import path from 'node:path';
import {
  compute,
  downloaded,
  EXAMPLE,
  execFileAsync,
  fileInput,
  fixture,
  read,
  resultsHeading,
} from '../support/ed50-page';
import { e2eEnv } from '../support/environment';
import { repoRoot } from '../support/e2e-server';
import { expect, test } from '../support/fixtures';
import { logInThroughUi } from '../support/login';
import { RESEARCHER } from '../support/users';

/*
 * The ED50 calculator (decision 0010) in Chromium: the production build, the engine in its Web Worker,
 * real downloads, the hand-over to the upload page and the calculator port (ED50_PORT). Its
 * methods beyond CBASSED50's default are in ed50-methods.spec.ts.
 */

const HEADER =
  'Project,Date,Country,Latitude,Longitude,Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value';

/** A raw CBASS file of `colonies` colonies, 4 per group (as CBASS runs are), for the file input. */
function syntheticFile(name: string, colonies: number, header = HEADER) {
  const lines = [header];
  for (const [i, temperature] of [30, 33, 36, 39].entries()) {
    for (let c = 0; c < colonies; c++) {
      const ed50 = 35 + ((c * 7919) % 300) / 100;
      const pam = 0.62 / (1 + Math.exp(60 * Math.log(temperature / ed50))) + ((c + i) % 5) / 500;
      lines.push(
        `P1,20240101,FJI,-18.2,177.6,Reef${Math.floor(c / 4)},Control,Acropora,${(c % 4) + 1},${temperature},1,${pam.toFixed(3)}`,
      );
    }
  }
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

test.describe('[ED50] calculator', () => {
  test('computes a file chosen in the file input: tables, plots, both downloads as CBASSED50 writes them', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/ed50');
    await expect(page).toHaveTitle('ED50 Calculator · Coral Thermal Tolerance');
    await expect(page.getByRole('heading', { level: 1, name: 'ED50 Calculator' })).toBeVisible();
    await checkA11y();

    await fileInput(page).setInputFiles(EXAMPLE);
    await expect(page.getByText('Selected: cbass_dataset_raw.csv (25.8 KB)')).toBeVisible();
    await expect(
      page.getByText('240 data rows, 12 columns; temperatures 29, 35, 37, 38, 41 °C.'),
    ).toBeVisible();
    await expect(page.getByText('Column check: all 12 CBASSED50 columns found')).toBeVisible();
    const preview = page.getByRole('region', { name: 'Preview of the first rows of the file' });
    await expect(preview.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(/Never group by Genotype/)).toBeVisible();
    await checkA11y();

    await compute(page);
    await expect(
      page.getByText('60 colonies in 6 groups: 60 with an ED50 (1 colony with notes).'),
    ).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary by group' });
    await expect(summary.getByRole('row')).toHaveCount(2 + 6);
    const colonies = page.getByRole('region', { name: 'ED values per colony' });
    await expect(colonies.getByRole('row')).toHaveCount(1 + 25);
    await expect(colonies.getByRole('row').nth(1)).toContainText('36.9138.1439.42');

    // One plot per group with its text alternative, and the distribution plot.
    const curves = page.getByRole('img', { name: / · 420$/ });
    await expect(curves).toHaveCount(6);
    const curve = page.getByRole('img', { name: 'Zugspitze · Nursery · Acropora germania · 420' });
    await expect(curve).toHaveAccessibleDescription(
      /^Zugspitze · Nursery · Acropora germania · 420: 40 measurements of 10 colonies at 29, 35, 38, 41 °C\. The pooled fitted curve falls .* with its 95 % confidence band\. Dashed lines: mean ED5 36\.74\s°C, mean ED50 38\.24\s°C, mean ED95 39\.80\s°C\.$/,
    );
    await expect(curve.locator('circle')).toHaveCount(40);
    await expect(curve.locator('path[fill-opacity="0.3"]')).toHaveCount(1); // the band
    const distribution = page.getByRole('img', {
      name: 'Distribution of colony ED50s by species and condition',
    });
    await expect(distribution).toHaveAccessibleDescription(
      /^Feldberg, Porites germania, Nursery: 10 colonies/,
    );
    await checkA11y();

    const results = await downloaded(page, 'Download ED50_Results.csv');
    expect(results.download.suggestedFilename()).toBe('ED50_Results.csv');
    // CBASSED50's download of the example, byte for byte; without its index column, the
    // published tutorial_EDsdf.csv.
    expect(results.text).toBe(read(fixture('datasheets', 'cbass_dataset_ED50_Results.csv')));
    expect(results.text.replace(/^"\d*",/gm, '')).toBe(
      read(fixture('ed50-reference', 'tutorial_EDsdf.csv')),
    );
    const summaryFile = await downloaded(page, /Download the summary/);
    expect(summaryFile.download.suggestedFilename()).toBe('ED50_Summary.csv');
    expect(summaryFile.text).toBe(read(fixture('ed50-reference', 'tutorial_summaryEDs_df.csv')));
  });

  test('computes an Excel workbook (.xlsx) chosen in the file input exactly as its CSV', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(fixture('datasheets', 'cbass_dataset_raw.xlsx'));
    await expect(page.getByText(/^Selected: cbass_dataset_raw\.xlsx/)).toBeVisible();
    await expect(
      page.getByText('240 data rows, 12 columns; temperatures 29, 35, 37, 38, 41 °C.'),
    ).toBeVisible();
    await compute(page);
    const results = await downloaded(page, 'Download ED50_Results.csv');
    expect(results.text).toBe(read(fixture('datasheets', 'cbass_dataset_ED50_Results.csv')));
  });

  test('the CLI writes the same file as the page’s download (same engine, same input)', async () => {
    // Its own test, and asynchronous: the CLI takes about 3 s on a loaded machine (2.8 s at a load
    // of 28 on 2 cores), which spawnSync spent blocking the runner inside the page journey, one of
    // the steps that pushed it towards its time limit. The page's download equals this fixture
    // byte for byte (journey above), so the CLI and the page agree.
    const { stdout } = await execFileAsync(
      process.execPath,
      [path.join(repoRoot, 'apps/server/dist/cli.js'), 'ed50', EXAMPLE, '--row-names'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: path.join(repoRoot, 'data') },
      },
    );
    expect(stdout).toBe(read(fixture('datasheets', 'cbass_dataset_ED50_Results.csv')));
  });

  test('saves a plot as an SVG and as a PNG file, with the genotypes’ curves on request', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await page.getByRole('button', { name: 'Try with example data' }).click();
    await compute(page);
    const title = 'Zugspitze · Nursery · Acropora germania · 420';
    const plotDownloads = page.getByRole('group', { name: `Download the plot “${title}”` });
    const saved = async (button: string) => {
      const downloading = page.waitForEvent('download');
      await plotDownloads.getByRole('button', { name: button }).click();
      const download = await downloading;
      return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
    };
    const svg = await saved('Download SVG');
    expect(svg.name).toBe('Zugspitze_Nursery_Acropora_germania_420.svg');
    const svgStart = '<?xml version="1.0" encoding="UTF-8"?>\n<svg ';
    expect(svg.bytes.subarray(0, svgStart.length).toString('utf8')).toBe(svgStart);
    const text = svg.bytes.toString('utf8');
    expect(text).toContain(`>${title}</title>`);
    // The stylesheet's axis colours travel with the file.
    expect(text).toMatch(/<line [^>]*style="[^"]*stroke: ?rgb\(108, 117, 125\)/);
    const png = await saved('Download PNG');
    expect(png.name).toBe('Zugspitze_Nursery_Acropora_germania_420.png');
    expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Twice the plot's size (the PNG's IHDR holds width and height).
    const box = await page.getByRole('img', { name: title }).boundingBox();
    expect(png.bytes.readUInt32BE(16)).toBe(2 * Math.round(box!.width));
    expect(png.bytes.readUInt32BE(20)).toBe(600);

    // Each genotype's own curve, drawn on request, travels with the saved file.
    await page.getByRole('checkbox', { name: "Show each genotype's curve" }).check();
    const plot = page.getByRole('img', { name: title });
    await expect(plot.locator('.ed50-genotype-curves path')).toHaveCount(10);
    const withGenotypes = (await saved('Download SVG')).bytes.toString('utf8');
    expect(withGenotypes).toContain('<title>Genotype 10</title>');
    expect(withGenotypes).toContain('>Genotypes:</text>');
  });

  test('“Try with example data”, by keyboard', async ({ page }) => {
    await page.goto('/ed50');
    const example = page.getByRole('button', { name: 'Try with example data' });
    await example.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/— the CBASSED50 example data \(simulated/)).toBeVisible();
    await page.getByRole('button', { name: 'Compute ED values' }).focus();
    await page.keyboard.press('Enter');
    await expect(resultsHeading(page)).toBeFocused({ timeout: 30_000 });
    await expect(page.getByText(/^60 colonies in 6 groups/)).toBeVisible();
    // The blank template is a plain download.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the blank template' }).click();
    const template = await downloading;
    expect(template.suggestedFilename()).toBe('template_raw.csv');
    expect(read(await template.path())).toBe(read(fixture('datasheets', 'template_raw.csv')));
  });

  test('a wrongly-cased column is named as the engine reports it; a missing one stops the file', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(
      syntheticFile('cased.csv', 12, HEADER.replace('Pam_value', 'PAM_value')),
    );
    await expect(page.getByText('Column check: 1 column to look at')).toBeVisible();
    await expect(
      page.getByText('missing column Pam_value (found PAM_value); PAM_value is used as Pam_value.'),
    ).toBeVisible();
    await compute(page);
    await expect(page.getByText(/^12 colonies in 3 groups/)).toBeVisible();

    await fileInput(page).setInputFiles(
      syntheticFile('broken.csv', 12, HEADER.replace('Temperature', 'Temp')),
    );
    const refusal = page.locator('.alert', { hasText: 'This file cannot be computed' });
    await expect(refusal).toContainText('missing column Temperature');
    await expect(page.getByRole('button', { name: 'Compute ED values' })).toHaveCount(0);
    await expect(resultsHeading(page)).toHaveCount(0);
    await checkA11y();
  });

  test('shows the progress of a long computation in the worker, and cancels it', async ({
    page,
  }) => {
    await page.goto('/ed50');
    await fileInput(page).setInputFiles(syntheticFile('large.csv', 4000));
    await expect(page.getByText(/16,000 data rows/)).toBeVisible();
    await page.getByRole('button', { name: 'Compute ED values' }).click();
    const progress = page.getByRole('progressbar', { name: 'Colonies fitted' });
    await expect(progress).toBeVisible();
    // Group by group, the worker reports how far it is.
    await expect(progress).toHaveAttribute('aria-valuetext', /^\d+ of 4000 colonies fitted$/, {
      timeout: 30_000,
    });
    await expect(page.getByText(/^Fitting colonies: [\d,]+ of 4,000 colonies…$/)).toBeVisible();
    // The page stays responsive while the worker fits: the Cancel button answers.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(progress).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Compute ED values' })).toBeEnabled();
    await expect(resultsHeading(page)).toHaveCount(0);
  });

  test('works on a phone without sideways scrolling of the page', async ({ page, checkA11y }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ed50');
    await page.getByRole('button', { name: 'Try with example data' }).click();
    await compute(page);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBe(0);
    const curve = page.getByRole('img', { name: 'Zugspitze · Nursery · Acropora germania · 420' });
    const box = await curve.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(300);
    await checkA11y();
  });
});

test.describe('[ED50] hand-over to the upload page', () => {
  test('“Upload these results” opens the upload page with both files chosen', async ({ page }) => {
    await page.goto('/ed50');
    await logInThroughUi(page, RESEARCHER);
    await page.goto('/ed50');
    await page.getByRole('button', { name: 'Try with example data' }).click();
    await compute(page);
    await page.getByRole('button', { name: 'Upload these results' }).click();
    await expect(page).toHaveURL(/\/upload$/);
    const handedOver = await page.evaluate(async () => {
      const files = (history.state as { usr?: { uploadFiles?: { main: File; ed50: File } } }).usr
        ?.uploadFiles;
      return files
        ? { main: files.main.name, ed50: files.ed50.name, text: await files.ed50.text() }
        : null;
    });
    expect(handedOver).toEqual({
      main: 'cbass_dataset_raw.csv',
      ed50: 'ED50_Results.csv',
      text: read(fixture('datasheets', 'cbass_dataset_ED50_Results.csv')),
    });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Upload Coral Research Data' }),
    ).toBeVisible();
    await expect(page.getByText('cbass_dataset_raw.csv', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('ED50_Results.csv', { exact: false }).first()).toBeVisible();
  });

  test('logged out, the results say that uploading needs an account', async ({ page }) => {
    await page.goto('/ed50');
    await page.getByRole('button', { name: 'Try with example data' }).click();
    await compute(page);
    await expect(
      page.getByText(
        /Uploading needs an account: log in first; your results stay here meanwhile\./,
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
  });
});

test.describe('[ED50] the calculator port (ED50_PORT)', () => {
  test('opens the calculator at / and computes there (same app, same CSP)', async ({
    page,
    checkA11y,
  }) => {
    const calculator = `http://127.0.0.1:${e2eEnv('ed50Port')}`;
    await page.goto(`${calculator}/`);
    await expect(page).toHaveURL(`${calculator}/ed50`);
    await expect(page.getByRole('heading', { level: 1, name: 'ED50 Calculator' })).toBeVisible();
    const answer = await page.request.get(`${calculator}/ed50`);
    const main = await page.request.get('/ed50');
    expect(answer.headers()['content-security-policy']).toBe(
      main.headers()['content-security-policy'],
    );
    await page.getByRole('button', { name: 'Try with example data' }).click();
    await compute(page);
    await expect(page.getByRole('img', { name: / · 420$/ })).toHaveCount(6);
    await checkA11y();
  });
});
