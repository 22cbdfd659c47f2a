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

  it('refuses an unknown model and a model other than LL.3 with --fit per-colony', async () => {
    const unknown = await cli('ed50', EXAMPLE, '--model', 'LL.7');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/LL\.7/);
    const perColony = await cli('ed50', EXAMPLE, '--model', 'W1.3', '--fit', 'per-colony');
    expect(perColony.code).toBe(2);
    expect(perColony.stderr).toContain(
      '--model W1.3 works with the joint fit only; --fit per-colony fits LL.3.',
    );
  });
});
