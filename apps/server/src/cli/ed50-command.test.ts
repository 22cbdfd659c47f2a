import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The calculator page's worker code: the CLI must give the page's numbers, byte for byte.
import { computeFile } from '../../../web/src/features/ed50/worker/engine';
import Papa from 'papaparse';
import { ed50 } from '@coral/core';
import { loadConfig } from '../config';
import {
  cliWithoutDatabase,
  EXAMPLE,
  fixture,
  read,
  runWithoutDatabase,
} from '../../test/ed50-cli-in-process';

const cli = cliWithoutDatabase;
/** The one note on CBASSED50's example: a colony whose whole decline lies between 37 and 41 °C. */
const BRACKETED_NOTE =
  'Feldberg_Nursery_Porites germania_420_7: ED50 only bracketed between 37.00 °C and 41.00 °C: the curve falls from 95 % to 5 % between these two temperatures, so the data do not pin the value down (any ED50 in between fits almost equally well).';
const HEADER =
  'Project,Date,Country,Latitude,Longitude,Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value';

/** Colony A declines normally; B barely drops (ED50 far above 39 °C); C has 2 temperatures. */
function smallCsv(header = HEADER, temperatures = [30, 33, 36, 39]): string {
  const pam: Record<string, number[]> = {
    A: [0.62, 0.6, 0.3, 0.05],
    B: [0.62, 0.61, 0.6, 0.55],
    C: [0.6, 0.58, 0.25, 0.04],
    D: [0.6, 0.59, 0.2, 0.03],
  };
  const lines = [header];
  temperatures.forEach((temperature, i) => {
    for (const [genotype, values] of Object.entries(pam)) {
      if (genotype === 'C' && i < 2) continue;
      lines.push(
        `P1,20240101,FJI,-18.2,177.6,Reef,Control,Acropora,${genotype},${temperature},1,${values[i]}`,
      );
    }
  });
  return `${lines.join('\n')}\n`;
}

let dir: string;
const inDir = (name: string, content?: string) => {
  const file = path.join(dir, name);
  if (content !== undefined) fs.writeFileSync(file, content);
  return file;
};
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-ed50-cli-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run cli -- ed50 <raw.csv>', () => {
  it('writes CBASSED50’s ED table of its example to stdout, byte for byte', async () => {
    const result = await cli('ed50', EXAMPLE);
    expect(result.stdout).toBe(read(fixture('ed50-reference', 'tutorial_EDsdf.csv')));
    expect(result.stderr).toBe(`${BRACKETED_NOTE}\n60 colonies in 6 groups: 60 with an ED50.\n`);
    expect(result.code).toBe(0);
  });

  it('writes --out (with --row-names, the calculator page’s ED50_Results.csv) and --summary', async () => {
    const out = inDir('results.csv');
    const summary = inDir('summary.csv');
    const result = await cli('ed50', EXAMPLE, '--out', out, `--summary=${summary}`, '--row-names');
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: `${BRACKETED_NOTE}\n60 colonies in 6 groups: 60 with an ED50. Written: ${out} and ${summary}.\n`,
    });
    expect(read(out)).toBe(read(fixture('datasheets', 'cbass_dataset_ED50_Results.csv')));
    expect(read(summary)).toBe(read(fixture('ed50-reference', 'tutorial_summaryEDs_df.csv')));
  });

  it('gives exactly the page’s files (same engine), also for colonies without values', async () => {
    for (const text of [read(EXAMPLE), smallCsv()]) {
      const file = inDir('page.csv', text);
      const summary = inDir('page-summary.csv');
      const result = await cli('ed50', file, '--row-names', '--summary', summary);
      const page = await computeFile(
        new Blob([text]),
        ['Site', 'Condition', 'Species', 'Timepoint'],
        () => {},
      );
      expect(result.stdout).toBe(page.resultsCsv);
      expect(read(summary)).toBe(page.summaryCsv);
    }
  });

  it('reads an Excel workbook (.xlsx) as its CSV: the same ED table, as on the page', async () => {
    const workbook = fixture('datasheets', 'cbass_dataset_raw.xlsx');
    const result = await cli('ed50', workbook, '--row-names');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(read(fixture('datasheets', 'cbass_dataset_ED50_Results.csv')));
    const page = await computeFile(
      new Blob([fs.readFileSync(workbook)]),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
    );
    expect(page.resultsCsv).toBe(result.stdout);
  });

  it('reports per-colony problems on stderr and writes NA (or, if asked, drc’s number)', async () => {
    const file = inDir('small.csv', smallCsv());
    const result = await cli('ed50', file);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      '"ED5","ED50","ED95","GroupingProperty","Site","Condition","Species","Timepoint"',
    );
    expect(lines.find((line) => line.includes('_1_B"'))).toMatch(
      /^(NA|[\d.]+),NA,NA,"Reef_Control_Acropora_1_B"/,
    );
    expect(lines.find((line) => line.includes('_1_C"'))).toMatch(
      /^NA,NA,NA,"Reef_Control_Acropora_1_C"/,
    );
    expect(result.stderr).toContain(
      'Reef_Control_Acropora_1_B: ED50 above the highest temperature tested (not estimable)',
    );
    expect(result.stderr).toMatch(
      /Reef_Control_Acropora_1_C: Only 2 distinct temperatures \(36.00, 39.00 °C\)/,
    );
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(
      '4 colonies in 1 group: 2 with an ED50, 2 without an estimable ED50 (NA).',
    );
    const literal = await cli('ed50', file, '--not-estimable', 'drc');
    const b = literal.stdout.split('\n').find((line) => line.includes('_1_B"'))!;
    expect(Number(b.split(',')[1])).toBeGreaterThan(39);
  });

  it('groups by --grouping', async () => {
    const result = await cli('ed50', EXAMPLE, '--grouping', 'Site, Species');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('"ED5","ED50","ED95","GroupingProperty","Site","Species"');
    expect(lines[1]).toMatch(/,"Zugspitze_Acropora germania_1","Zugspitze","Acropora germania"$/);
    // Genotype labels repeat across conditions: without Condition, CBASSED50 merges them too.
    expect(result.stderr).toMatch(/\n30 colonies in 3 groups: 30 with an ED50\.\n$/);
  });

  it('reads the file relative to where npm run was typed (INIT_CWD)', async () => {
    const typedIn = loadConfig({ NODE_ENV: 'test', INIT_CWD: path.dirname(EXAMPLE) });
    expect(typedIn.invocationDir).toBe(path.dirname(EXAMPLE));
    const { code, stdout } = await runWithoutDatabase(['ed50', 'cbass_dataset_raw.csv'], typedIn);
    expect(code).toBe(0);
    expect(stdout).toBe(read(fixture('ed50-reference', 'tutorial_EDsdf.csv')));
  });

  it('counts every skipped row of a problem instead of hiding them (decision 0024)', async () => {
    // CBASSED50's example with its Pam_value blanked on every second of its 240 rows.
    const [header, ...rows] = read(EXAMPLE).trimEnd().split(/\r?\n/);
    const pamAt = header!.split(',').indexOf('Pam_value');
    const edited = rows.map((line, i) => {
      const cells = line.split(',');
      if (i % 2 === 1) cells[pamAt] = 'NA';
      return cells.join(',');
    });
    const result = await cli('ed50', inDir('gaps.csv', [header, ...edited].join('\n')));
    expect(result.code).toBe(0);
    const notes = result.stderr.trimEnd().split('\n');
    expect(notes[0]).toBe('120 rows skipped: no value for Pam_value (rows 3, 5, 7, 9, 11, …).');
    expect(result.stderr).not.toMatch(/more note|more row/);
  });

  it('accepts a wrongly-cased column and says so', async () => {
    const file = inDir('cased.csv', smallCsv(HEADER.replace('Pam_value', 'PAM_value')));
    const result = await cli('ed50', file);
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n')[0]).toBe(
      'missing column Pam_value (found PAM_value); PAM_value is used as Pam_value.',
    );
  });
});

describe('npm run cli -- ed50: engine options (decision 0027)', () => {
  const table = (csv: string) =>
    Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  /** drc 3.0-1's own per-colony fits of the same data (fixtures/ed50-reference/per-colony/). */
  const drc = table(
    read(fixture('ed50-reference', 'per-colony', 'per_colony_expected.csv')),
  ).filter((row) => row.input === 'cbass_dataset');

  it('--fit per-colony --intervals --unrounded: drc’s per-colony EDs, SEs and limits', async () => {
    const summary = inDir('per-colony-summary.csv');
    const result = await cli(
      'ed50',
      fixture('ed50-reference', 'cbass_dataset.csv'),
      '--fit',
      'per-colony',
      '--intervals',
      '--unrounded',
      '--summary',
      summary,
    );
    expect(result.code).toBe(0);
    const rows = table(result.stdout);
    expect(rows.map((row) => row.GroupingProperty)).toEqual(
      drc.map((row) => `${row.GroupingProperty}_${row.Genotype}`),
    );
    let compared = 0;
    rows.forEach((row, i) => {
      for (const label of ['ED5', 'ED50', 'ED95']) {
        for (const [ours, theirs] of [
          [label, label],
          [`${label}_SE`, `${label}_se`],
          [`${label}_Lower`, `${label}_lower`],
          [`${label}_Upper`, `${label}_upper`],
        ] as const) {
          if (row[ours] === 'NA') continue;
          expect(Math.abs(Number(row[ours]) - Number(drc[i]![theirs])), ours).toBeLessThan(1e-6);
          compared++;
        }
      }
    });
    expect(compared).toBeGreaterThan(500);
    // The same numbers as the engine, in full.
    const engine = ed50.computeEds(
      ed50.parseCbassCsv(read(fixture('ed50-reference', 'cbass_dataset.csv'))).rows,
      { fit: 'per-colony', curves: false },
    );
    expect(result.stdout).toBe(
      ed50.formatEdResultsCsv(engine, { intervals: true, unrounded: true }),
    );
    expect(read(summary)).toBe(ed50.formatSummaryCsv(engine, { unrounded: true }));
    expect(read(summary)).not.toBe(ed50.formatSummaryCsv(engine));
  });

  it('--intervals with the joint fit: drc’s delta-method limits of CBASSED50’s fit', async () => {
    const joint = table(
      read(fixture('ed50-reference', 'joint-intervals', 'joint_intervals_expected.csv')),
    ).filter((row) => row.input === 'cbass_dataset');
    const result = await cli('ed50', EXAMPLE, '--intervals', '--unrounded');
    expect(result.code).toBe(0);
    const rows = table(result.stdout);
    let compared = 0;
    for (const reference of joint) {
      const row = rows.find(
        (r) => r.GroupingProperty === `${reference.GroupingProperty}_${reference.Genotype}`,
      )!;
      const label = `ED${reference.p}`;
      for (const [ours, theirs] of [
        [label, 'estimate'],
        [`${label}_SE`, 'se'],
        [`${label}_Lower`, 'lower'],
        [`${label}_Upper`, 'upper'],
      ] as const) {
        if (row[ours] === 'NA') continue;
        expect(Math.abs(Number(row[ours]) - Number(reference[theirs])), ours).toBeLessThan(1e-6);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(600);
    // The ED columns are those of the default run, only unrounded.
    const plain = table((await cli('ed50', EXAMPLE)).stdout);
    rows.forEach((row, i) =>
      expect(Number(row.ED50).toFixed(2)).toBe(Number(plain[i]!.ED50).toFixed(2)),
    );
  });

  it('--unrounded alone keeps the joint fit and writes its values in full', async () => {
    const result = await cli('ed50', EXAMPLE, '--unrounded');
    expect(result.code).toBe(0);
    const rows = table(result.stdout);
    const rounded = table(read(fixture('ed50-reference', 'tutorial_EDsdf.csv')));
    rows.forEach((row, i) => {
      expect(Number(row.ED50).toFixed(2)).toBe(Number(rounded[i]!.ED50).toFixed(2));
    });
    expect(rows.filter((row) => /\.\d{3,}/.test(row.ED50!)).length).toBeGreaterThan(50);
  });

  it('names the per-colony fit in the note on a joint fit that collapsed', async () => {
    // Synthetic LL.3 curves with noise, 2 fragments per temperature: the joint fit leaves G5's
    // curve above half of its maximum at 39 °C although its measurements fall below half.
    const pam: Record<string, number[]> = {
      G0: [0.608, 0.575, 0.459, 0.48, 0.055, 0.068, 0.001, 0.001],
      G1: [0.535, 0.549, 0.449, 0.468, 0.227, 0.151, 0.068, 0.057],
      G2: [0.41, 0.395, 0.46, 0.407, 0.38, 0.324, 0.001, 0.029],
      G3: [0.47, 0.421, 0.224, 0.266, 0.051, 0.052, 0.01, 0.006],
      G4: [0.569, 0.55, 0.534, 0.551, 0.555, 0.552, 0.174, 0.24],
      G5: [0.347, 0.345, 0.315, 0.304, 0.251, 0.306, 0.189, 0.155],
      G6: [0.524, 0.528, 0.4, 0.471, 0.036, 0.001, 0.001, 0.001],
    };
    const lines = [HEADER];
    for (const [genotype, values] of Object.entries(pam)) {
      values.forEach((value, i) => {
        const temperature = [30, 33, 36, 39][Math.floor(i / 2)];
        lines.push(`P,1,X,0,0,S,C,Sp,${genotype},${temperature},1,${value}`);
      });
    }
    const file = inDir('collapsed.csv', `${lines.join('\n')}\n`);
    const joint = await cli('ed50', file);
    const note = joint.stderr.split('\n').find((line) => line.startsWith('S_C_Sp_1_G5: ED50'));
    expect(note).toContain("The group's joint fit collapsed for this colony");
    expect(note).toMatch(
      /try the per-colony fit \(on the calculator page: Method "One fit per colony"; CLI: ed50 --fit per-colony\)\.$/,
    );
    // Fitted alone, the note says the fit collapsed and offers nothing more.
    const alone = await cli('ed50', file, '--fit', 'per-colony');
    expect(alone.code).toBe(0);
    expect(alone.stderr).not.toContain('--fit per-colony');
  });
});

describe('npm run cli -- ed50: unusable input (exit code 1, the reason on stderr)', () => {
  it.each([
    [
      'a missing column',
      () => smallCsv(HEADER.replace('Temperature', 'Temp')),
      'The file cannot be computed:\n  missing column Temperature\n',
    ],
    [
      'three temperatures',
      () => smallCsv(HEADER, [30, 33, 36]),
      'The file cannot be computed:\n  Dataset does not have enough unique temperature values: 3 (30.00, 33.00, 36.00 °C). At least 4 distinct temperatures are needed.\n',
    ],
    ['an empty file', () => '', 'The file cannot be computed:\n  The file is empty.\n'],
  ])('%s', async (_name, content, message) => {
    const result = await cli('ed50', inDir('bad.csv', content()));
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining(message) as string,
    });
  });

  it('an old .xls workbook renamed .xlsx, and a damaged workbook', async () => {
    const xls = path.join(dir, 'old.xlsx');
    fs.writeFileSync(
      xls,
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(508)]),
    );
    const old = await cli('ed50', xls);
    expect(old.code).toBe(1);
    expect(old.stderr).toMatch(
      /^.*old\.xlsx: This file is an old Excel workbook \(\.xls\) or a password-protected workbook, which cannot be read\. Remove its password if it has one, then open it in your spreadsheet program and save it as "Excel Workbook \(\.xlsx\)"/,
    );
    const cut = path.join(dir, 'cut.xlsx');
    const bytes = fs.readFileSync(fixture('datasheets', 'cbass_dataset_raw.xlsx'));
    fs.writeFileSync(cut, bytes.subarray(0, 5000));
    const damaged = await cli('ed50', cut);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('This file is not a readable Excel workbook (.xlsx)');
  });

  it('a file that cannot be read', async () => {
    const result = await cli('ed50', inDir('absent.csv'));
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `Cannot read ${inDir('absent.csv')}: ENOENT.\n`,
    });
  });

  it('a grouping column the file does not have', async () => {
    const result = await cli('ed50', EXAMPLE, '--grouping', 'Site,Reef');
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No ED values could be computed:\n  missing grouping column Reef\n',
    });
  });
});

describe('npm run cli -- ed50: usage mistakes (exit code 2)', () => {
  it.each([
    [[], 'Missing <raw.csv>.'],
    [['a.csv', 'b.csv'], 'One raw CBASS file at a time.'],
    [['a.csv', '--out'], '--out needs a value.'],
    [['a.csv', '--colour'], 'Unknown option --colour.'],
    [['a.csv', '--not-estimable', 'zero'], '--not-estimable is NA or drc, not zero.'],
    [['a.csv', '--fit', 'alone'], '--fit is joint or per-colony, not alone.'],
    [
      ['a.csv', '--grouping', 'Site,,Species'],
      '--grouping takes column names separated by commas: "Site,,Species".',
    ],
    [
      ['a.csv', '--grouping', 'Site,Genotype'],
      'Genotype cannot be a grouping column: it identifies the colonies (curves) within a group.',
    ],
  ])('%j', async (args, message) => {
    const result = await cli('ed50', ...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `${message}\nUsage: npm run cli -- ed50 <raw.csv> [--out results.csv] [--summary summary.csv] [--grouping Site,Condition,Species,Timepoint] [--row-names] [--not-estimable NA|drc] [--fit joint|per-colony] [--model LL.3|LL.2|LL.4|LL.5|W1.3|W2.3] [--lower b=..,d=..,e=..] [--upper b=..,d=..,e=..] [--intervals] [--unrounded] [--pooled pooled.csv] [--compare comparison.csv] [--analyses analyses.csv] [--factors Site,Species] [--mmm mmm.csv] [--p-adjust holm|BH|bonferroni|none] [--analyses-r folder]\n`,
    );
  });
});
