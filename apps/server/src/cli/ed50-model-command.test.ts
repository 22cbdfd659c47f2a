import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cliWithoutDatabase, EXAMPLE, fixture, read } from '../../test/ed50-cli-in-process';

const cli = cliWithoutDatabase;

describe('npm run cli -- ed50 --model (decision 0030)', () => {
  const table = (csv: string) =>
    Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  /** drc 3.0-1's joint fits with each family (fixtures/ed50-reference/model-families/). */
  const drc = table(
    read(fixture('ed50-reference', 'model-families', 'model_families_expected.csv')),
  ).filter((row) => row.input === 'cbass_dataset' && row.model === 'W2.3');

  it('--model W2.3 --unrounded: drc’s W2.3 EDs, and every group’s AIC on stderr', async () => {
    const result = await cli(
      'ed50',
      fixture('ed50-reference', 'cbass_dataset.csv'),
      '--model',
      'W2.3',
      '--unrounded',
    );
    expect(result.code).toBe(0);
    const rows = table(result.stdout);
    expect(rows.map((row) => row.GroupingProperty)).toEqual(
      drc.map((row) => `${row.GroupingProperty}_${row.Genotype}`),
    );
    let compared = 0;
    rows.forEach((row, i) => {
      for (const label of ['ED5', 'ED50', 'ED95']) {
        if (row[label] === 'NA') continue;
        const wanted = Number(drc[i]![label]);
        expect(Math.abs(Number(row[label]) - wanted) / wanted, label).toBeLessThan(1e-6);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(150);
    const groups = [...new Map(drc.map((row) => [row.GroupingProperty, row.AIC])).entries()];
    expect(groups).toHaveLength(6);
    for (const [group, aic] of groups) {
      expect(result.stderr).toContain(`${group}: W2.3 AIC ${Number(aic).toFixed(2)} (logLik `);
    }
    // Other numbers than CBASSED50's LL.3.
    const ll3 = await cli('ed50', fixture('ed50-reference', 'cbass_dataset.csv'), '--unrounded');
    expect(ll3.stdout).not.toBe(result.stdout);
    expect(ll3.stderr).not.toContain(' AIC ');
  });

  it('--model LL.3 is the default fit, with its AIC', async () => {
    const result = await cli('ed50', EXAMPLE, '--model', 'LL.3');
    const plain = await cli('ed50', EXAMPLE);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(plain.stdout);
    expect(result.stderr).toMatch(/: LL\.3 AIC -?\d+\.\d\d \(logLik /);
  });

  it('refuses an unknown model', async () => {
    const unknown = await cli('ed50', EXAMPLE, '--model', 'LL.7');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/LL\.7/);
  });

  /** drc 3.0-1 per colony and joint with intervals (fixtures/ed50-reference/family-intervals/). */
  const intervalsFixture = (name: string) =>
    table(read(fixture('ed50-reference', 'family-intervals', name))).filter(
      (row) => row.input === 'row_counts',
    );
  const ROW_COUNTS = fixture('ed50-reference', 'row-counts', 'row_counts_input.csv');
  /** Every ED, SE and limit of the CLI's table against drc's; returns how many were compared. */
  function compareWithDrc(csv: string, expected: Record<string, string>[]): number {
    const byKey = new Map(expected.map((row) => [`${row.GroupingProperty}_${row.Genotype}`, row]));
    let compared = 0;
    for (const row of table(csv)) {
      const wanted = byKey.get(row.GroupingProperty!);
      expect(wanted, row.GroupingProperty).toBeTruthy();
      for (const label of ['ED5', 'ED50', 'ED95']) {
        const columns: [string, string][] = [
          [label, label],
          [`${label}_SE`, `${label}_se`],
          [`${label}_Lower`, `${label}_lower`],
          [`${label}_Upper`, `${label}_upper`],
        ];
        for (const [ours, drcColumn] of columns) {
          if (row[ours] === 'NA') continue;
          const value = Number(wanted![drcColumn]);
          expect(
            Math.abs(Number(row[ours]) - value) / Math.max(1, Math.abs(value)),
            ours,
          ).toBeLessThan(1e-6);
          compared++;
        }
      }
    }
    return compared;
  }

  it('--model LL.4 --fit per-colony --intervals: drc’s per-colony LL.4 fits and intervals', async () => {
    const result = await cli(
      'ed50',
      ROW_COUNTS,
      '--model',
      'LL.4',
      '--fit',
      'per-colony',
      '--intervals',
      '--unrounded',
    );
    expect(result.code).toBe(0);
    const drc = intervalsFixture('per_colony_expected.csv').filter((row) => row.model === 'LL.4');
    expect(table(result.stdout)).toHaveLength(drc.length);
    expect(table(result.stdout).filter((row) => row.ED50_SE !== 'NA').length).toBeGreaterThan(50);
    expect(compareWithDrc(result.stdout, drc)).toBeGreaterThan(500);
    expect(result.stderr).not.toContain(' AIC ');
  });

  it('--model W2.3 --intervals: drc’s intervals of the joint W2.3 fit', async () => {
    const result = await cli('ed50', ROW_COUNTS, '--model', 'W2.3', '--intervals', '--unrounded');
    expect(result.code).toBe(0);
    const drc = intervalsFixture('joint_intervals_expected.csv').filter(
      (row) => row.model === 'W2.3',
    );
    expect(compareWithDrc(result.stdout, drc)).toBeGreaterThan(1000);
    expect(result.stderr).toMatch(/: W2\.3 AIC -?\d+\.\d\d \(logLik /);
  });
});
