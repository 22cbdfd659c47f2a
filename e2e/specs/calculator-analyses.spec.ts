import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { compute, fileInput, fixture, read, runCli } from '../support/ed50-page';
import { expect, test } from '../support/fixtures';

/*
 * The post-fit analyses on the calculator page (decision 0068), in Chromium with the engine in
 * its Web Worker, on the real Fiji datasheet's Vatu-o-lalai rows at full precision: the
 * computation whose type II ANOVA R's car gives in fixtures/analysis-reference/anova_expected.csv.
 * The page's table must show R's p values, its CSV must be the CLI's `--analyses` table byte for
 * byte, and its R script the CLI's `--analyses-r` files.
 */

const FIJI = fixture('datasheets', '2022_FJI_Viti_Levu_raw.csv');
/** The Fiji sites' MMM as the seed records them (NOAA Coral Reef Watch), the CLI's --mmm file. */
const FIJI_MMM = fixture('datasheets', '2022_FJI_Viti_Levu_mmm.csv');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'calculator-analyses-'));
const VATU = path.join(folder, 'vatu-o-lalai.csv');
{
  const lines = read(FIJI).split(/\r?\n/);
  fs.writeFileSync(
    VATU,
    [lines[0], ...lines.slice(1).filter((line) => line.includes(',Vatu-o-lalai,'))].join('\n'),
  );
}

/**
 * R's type II ANOVA of ED50 ~ Species * Condition on these rows (car 3.1.1). The page takes the
 * factors in the grouping's order (Condition, then Species): the same tests, the interaction
 * named Condition:Species.
 */
function rTypeII(): Map<string, number> {
  const names: Record<string, string> = {
    A: 'Species',
    B: 'Condition',
    'A:B': 'Condition:Species',
  };
  const rows = read(fixture('analysis-reference', 'anova_expected.csv'))
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map((cell) => cell.replaceAll('"', '')))
    .filter(
      ([input, kind, type, , , , , p]) =>
        input === 'fiji_vatu' && kind === 'ED50' && type === '2' && p !== '',
    );
  return new Map(rows.map((cells) => [names[cells[3]!]!, Number(cells[7])]));
}

/** A CSV line's cells (quoted cells may hold commas and doubled quotes). */
function cells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .filter((match) => match.index < line.length || match[1] !== '')
    .map((match) => match[1]!);
}

/**
 * The page's table against the CLI's: the same rows and text cells, numbers equal to 1e-12
 * relative. Not byte for byte: Chromium's V8 and Node's differ in the last bits of Math's
 * functions, which the p values' incomplete beta uses (decision 0068); R is compared to 1e-9.
 * The cells are compared in plain code and the differences asserted once: an `expect` per cell
 * (thousands with the MMM tables) is a recorded step each and took minutes of the runner's CPU.
 */
function expectSameTable(page: string, cli: string) {
  const pageLines = page.trimEnd().split('\n');
  const cliLines = cli.trimEnd().split('\n');
  expect(pageLines.length).toBe(cliLines.length);
  let differing = 0;
  const mismatches: string[] = [];
  pageLines.forEach((line, i) => {
    const a = cells(line);
    const b = cells(cliLines[i]!);
    if (a.length !== b.length) {
      mismatches.push(`row ${i + 1}: ${a.length} cells, the CLI's ${b.length}`);
      return;
    }
    a.forEach((cell, j) => {
      const x = Number(cell);
      const y = Number(b[j]);
      const where = `row ${i + 1}, column ${j + 1}: ${cell} against the CLI's ${b[j]}`;
      if (cell.startsWith('"') || cell === 'NA' || cell === '' || !Number.isFinite(y)) {
        if (cell !== b[j]) mismatches.push(where);
      } else {
        if (cell !== b[j]) differing++;
        if (!(Math.abs(x - y) <= 1e-12 * Math.max(Math.abs(y), Number.MIN_VALUE))) {
          mismatches.push(where);
        }
      }
    });
  });
  expect(mismatches).toEqual([]);
  return differing;
}

/** As the page prints p values (core's formatPValue: 4 significant digits). */
const shown = (p: number) => String(Number(p.toPrecision(4)));

const SIZES = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.describe('[ED50] post-fit analyses', () => {
  for (const size of SIZES) {
    test(`Species × Condition on Vatu-o-lalai at ${size.width}×${size.height}: R's p values, the CLI's table and R script`, async ({
      page,
    }, testInfo) => {
      // Two fits, three analyses and CLI runs, and axe over a page of many tables: on a loaded
      // 2-core machine one run took over 3 minutes.
      test.setTimeout(480_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/ed50');
      await fileInput(page).setInputFiles(VATU);
      await page
        .getByRole('checkbox', { name: 'Full precision in the downloads (unrounded)' })
        .check();
      await compute(page);
      const step = page.getByRole('region', { name: '5. Analyses' });
      await expect(step).toBeVisible();

      // A bad choice: core's message, nothing computed.
      for (const factor of ['Site', 'Species', 'Condition']) {
        await step.getByRole('checkbox', { name: factor }).check();
      }
      await step.getByRole('button', { name: 'Run the analyses' }).click();
      await expect(page.getByTestId('ed50-analyses-error')).toHaveText('Give one or two factors.');
      await expect(page.getByTestId('analysis-report')).toHaveCount(0);

      await step.getByRole('checkbox', { name: 'Site' }).uncheck();
      await step.getByLabel('p-value adjustment of the Wilcoxon tests').selectOption('holm');
      await step.getByRole('button', { name: 'Run the analyses' }).click();
      await expect(page.getByTestId('analysis-report')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('ed50-analyses-error')).toHaveCount(0);

      // The type II table shows R's p values.
      const typeII = page.getByRole('region', { name: 'Type II ANOVA: ED50' });
      for (const [term, p] of rTypeII()) {
        await expect(typeII.getByRole('row', { name: new RegExp(`^${term} `) })).toContainText(
          shown(p),
        );
      }

      // The CSV is the CLI's --analyses table of the same file and choices, byte for byte.
      const csvDownload = page.waitForEvent('download');
      await step.getByRole('button', { name: 'Download ED_analyses.csv' }).click();
      const csvFile = await csvDownload;
      expect(csvFile.suggestedFilename()).toBe('ED_analyses.csv');
      const csv = read(await csvFile.path());
      expect(csv.split('\n')[0]).toBe(
        '"Threshold","Analysis","Term","Level","Other","Estimate","SE","DF","DF2","Statistic","P","Lower","Upper","Letters","Note"',
      );
      const cliTable = path.join(folder, `cli-${size.name}.csv`);
      const cliR = path.join(folder, `cli-r-${size.name}`);
      await runCli(
        'ed50',
        VATU,
        '--analyses',
        cliTable,
        '--factors',
        'Condition,Species',
        '--p-adjust',
        'holm',
        '--unrounded',
        '--analyses-r',
        cliR,
      );
      expectSameTable(csv, read(cliTable));
      // R's p values in the CSV, to 1e-9 relative (decision 0061).
      const rows = csv
        .trimEnd()
        .split('\n')
        .map((line) => line.split(','));
      for (const [term, p] of rTypeII()) {
        const row = rows.find(
          (cells) =>
            cells[0] === '"ED50"' && cells[1] === '"anova_type2"' && cells[2] === `"${term}"`,
        )!;
        expect(Math.abs(Number(row[10]) - p) / p).toBeLessThan(1e-9);
      }
      // Each group's letters on the page are the table's (core's multcompLetters).
      const letters = rows.filter((cells) => cells[0] === '"ED50"' && cells[1] === '"letters"');
      expect(letters.length).toBe(10);
      const letterTable = page.getByRole('region', {
        name: 'Compact letters (Wilcoxon, holm): ED50',
      });
      const pageLetters = await letterTable.locator('tbody td').allTextContents();
      expect(pageLetters).toEqual(letters.map((cells) => cells[13]!.replaceAll('"', '')));

      // The R script with its data: the CLI's --analyses-r folder, file for file.
      const zipDownload = page.waitForEvent('download');
      await step.getByRole('button', { name: 'Download the R script (analyses_R.zip)' }).click();
      const zipFile = await zipDownload;
      expect(zipFile.suggestedFilename()).toBe('analyses_R.zip');
      const entries = unzipSync(new Uint8Array(fs.readFileSync(await zipFile.path())));
      expect(Object.keys(entries).sort()).toEqual(fs.readdirSync(cliR).sort());
      for (const [name, bytes] of Object.entries(entries)) {
        expect(strFromU8(bytes), name).toBe(read(path.join(cliR, name)));
      }
      const script = strFromU8(entries['analyses.R']!);
      expect(script).toContain('factors <- c("Condition", "Species")');
      expect(script).toContain('read.csv("colony_eds.csv"');
      const eds = strFromU8(entries['colony_eds.csv']!).trimEnd().split('\n');
      // A header and every colony (99 of them have an ED50).
      expect(eds.length).toBeGreaterThanOrEqual(1 + 99);
      expect(eds[0]).toMatch(
        /^"Colony","Group","Site","Condition","Species","Timepoint","ED5","ED50","ED95"$/,
      );

      // The MMM per site (decision 0068). The Fiji file's MMM names two sites these rows have
      // not: refused, with its reason next to the field; a mistyped MMM too.
      const mmmError = page.getByTestId('ed50-mmm-error');
      await step.getByLabel('MMM file (CSV)').setInputFiles(FIJI_MMM);
      await expect(mmmError).toHaveText(
        '2022_FJI_Viti_Levu_mmm.csv cannot be used:Site "Tagaqe", "Votua" are not in the data (its Site values: "Vatu-o-lalai").',
      );
      await expect(mmmError).toHaveAttribute('role', 'alert');
      const vatuMmm = step.getByRole('textbox', { name: 'MMM of Vatu-o-lalai (°C)' });
      await expect(vatuMmm).toHaveValue('');
      await vatuMmm.fill('2845');
      await step.getByRole('button', { name: 'Run the analyses' }).click();
      await expect(mmmError).toHaveText(
        'Site "Vatu-o-lalai": MMM "2845" is not a temperature between 15 and 35 °C.',
      );
      await expect(page.getByRole('region', { name: 'ED50 − MMM by Site' })).toHaveCount(0);
      await vatuMmm.fill('28.45');
      await step.getByRole('button', { name: 'Run the analyses' }).click();
      const bySite = page.getByRole('region', { name: 'ED50 − MMM by Site' });
      await expect(bySite).toBeVisible({ timeout: 60_000 });
      await expect(mmmError).toHaveCount(0);
      await expect(bySite.getByRole('row', { name: /^Vatu-o-lalai / })).toContainText('28.45');
      // One site, one MMM: no slope, said in words as R's lm gives NA.
      await expect(page.getByRole('region', { name: 'Regression of ED50 on MMM' })).toContainText(
        'Every point has the same MMM: no slope can be fitted.',
      );

      // The CSV and the R script are the CLI's with --mmm of the same MMM.
      const vatuMmmFile = path.join(folder, `mmm-${size.name}.csv`);
      fs.writeFileSync(vatuMmmFile, 'Site,MMM\nVatu-o-lalai,28.45\n');
      const mmmTable = path.join(folder, `cli-mmm-${size.name}.csv`);
      const mmmR = path.join(folder, `cli-mmm-r-${size.name}`);
      await runCli(
        'ed50',
        VATU,
        '--analyses',
        mmmTable,
        '--factors',
        'Condition,Species',
        '--p-adjust',
        'holm',
        '--unrounded',
        '--mmm',
        vatuMmmFile,
        '--analyses-r',
        mmmR,
      );
      const mmmCsvDownload = page.waitForEvent('download');
      await step.getByRole('button', { name: 'Download ED_analyses.csv' }).click();
      const mmmCsv = read(await (await mmmCsvDownload).path());
      expect(mmmCsv).toContain('"ED50","relative_to_mmm"');
      expectSameTable(mmmCsv, read(mmmTable));
      const mmmZipDownload = page.waitForEvent('download');
      await step.getByRole('button', { name: 'Download the R script (analyses_R.zip)' }).click();
      const mmmEntries = unzipSync(
        new Uint8Array(fs.readFileSync(await (await mmmZipDownload).path())),
      );
      expect(Object.keys(mmmEntries).sort()).toEqual(fs.readdirSync(mmmR).sort());
      expect(Object.keys(mmmEntries)).toContain('mmm.csv');
      for (const [name, bytes] of Object.entries(mmmEntries)) {
        expect(strFromU8(bytes), name).toBe(read(path.join(mmmR, name)));
      }

      await step.screenshot({ path: testInfo.outputPath(`analyses-${size.name}.png`) });
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      );
    });
  }
});
