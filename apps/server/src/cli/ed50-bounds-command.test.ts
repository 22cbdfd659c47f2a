import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cliWithoutDatabase, fixture, read } from '../../test/ed50-cli-in-process';

const cli = cliWithoutDatabase;
const DATASET = fixture('ed50-reference', 'cbass_dataset.csv');

describe('npm run cli -- ed50 --lower / --upper (decision 0034)', () => {
  const table = (csv: string) =>
    Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  /** drc 3.0-1's bounded fits (fixtures/ed50-reference/bounds/). */
  const drc = table(read(fixture('ed50-reference', 'bounds', 'bounds_expected.csv'))).filter(
    (row) => row.input === 'cbass_dataset' && row.setting === 'cunning' && row.fit === 'per-colony',
  );

  it('--fit per-colony --lower b=20,d=0.3,e=30 --upper b=100,d=0.7,e=40: drc’s bounded EDs', async () => {
    const result = await cli(
      'ed50',
      DATASET,
      '--fit',
      'per-colony',
      '--lower',
      'b=20,d=0.3,e=30',
      '--upper',
      'b=100,d=0.7,e=40',
      '--unrounded',
      '--intervals',
    );
    expect(result.code).toBe(0);
    const rows = table(result.stdout);
    expect(rows.map((row) => row.GroupingProperty)).toEqual(
      drc.map((row) => `${row.GroupingProperty}_${row.Genotype}`),
    );
    let compared = 0;
    rows.forEach((row, i) => {
      for (const label of ['ED5', 'ED50', 'ED95', 'ED50_SE']) {
        if (row[label] === 'NA') continue;
        const column = label === 'ED50_SE' ? 'ED50_se' : label;
        expect(Math.abs(Number(row[label]) - Number(drc[i]![column])), label).toBeLessThan(1e-6);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(150);
    // Some of these colonies end on a bound, and the notes say so.
    expect(result.stderr).toContain('is at its');
    const unbounded = await cli('ed50', DATASET, '--fit', 'per-colony', '--unrounded');
    expect(unbounded.stdout).not.toBe(result.stdout);
  });

  it.each([
    [['--lower', 'hill=20'], '--lower "hill=20": unknown parameter "hill"'],
    [['--upper', 'b=x'], '--upper "b=x": the limit of b ("x") is not a number.'],
    [['--upper', 'b'], '--upper "b": "b" is not name=value (e.g. b=20).'],
    [
      ['--lower', 'b=100', '--upper', 'b=20'],
      'The lower bound of b (Hill slope) (100) must be below its upper bound (20).',
    ],
    [
      ['--upper', 'b=50', '--model', 'W1.3'],
      "--lower and --upper bound drc's LL.3 parameters b, d, e: they cannot be used with --model W1.3.",
    ],
  ])('refuses %j with a usage error', async (flags, message) => {
    const result = await cli('ed50', DATASET, ...flags);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
