import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import expectedCsv from '../../../../fixtures/ed50-reference/per-colony/per_colony_expected.csv?raw';
import tutorialEds from '../../../../fixtures/ed50-reference/tutorial_EDsdf.csv?raw';
import tutorialSummary from '../../../../fixtures/ed50-reference/tutorial_summaryEDs_df.csv?raw';
import { COMPATIBILITY_NOTE, PER_COLONY_NOTE, computeEds } from './compute-eds';
import { formatEdResultsCsv, formatSummaryCsv } from './format-csv';
import { parseCbassCsv } from './parse-cbass-csv';
import { rMean } from './r-numerics/compensated-sum';

/** The engine options of decision 0027 on CBASSED50's example, and the default left as it was. */
const rows = parseCbassCsv(cbassDataset).rows;
const joint = computeEds(rows, { curves: false });
const perColony = computeEds(rows, { curves: false, fit: 'per-colony' });
const csvRows = (csv: string) =>
  Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
const drc = csvRows(expectedCsv).filter((row) => row.input === 'cbass_dataset');

describe('fit option', () => {
  it('is the joint fit by default, with no interval field: the CBASSED50 files are unchanged', () => {
    expect(joint.fit).toBe('joint');
    expect(joint.method).toBe(COMPATIBILITY_NOTE);
    for (const colony of joint.colonies) expect('interval' in colony.ed50).toBe(false);
    expect(formatEdResultsCsv(joint)).toBe(tutorialEds);
    expect(formatSummaryCsv(joint)).toBe(tutorialSummary);
  });

  it('fits every colony alone with per-colony, which gives other numbers than the joint fit', () => {
    expect(perColony.fit).toBe('per-colony');
    expect(perColony.method).toBe(PER_COLONY_NOTE);
    expect(perColony.colonies.map((c) => c.key)).toEqual(joint.colonies.map((c) => c.key));
    const differences = perColony.colonies.map((colony, i) =>
      Math.abs(colony.ed50.raw! - joint.colonies[i]!.ed50.raw!),
    );
    expect(Math.max(...differences)).toBeGreaterThan(0.01);
    expect(perColony.colonies.every((c) => c.functionEvaluations !== null)).toBe(true);
  });
});

describe('output options', () => {
  it('writes every ED unrounded, which rounds to the default file', () => {
    const full = csvRows(formatEdResultsCsv(joint, { unrounded: true }));
    const rounded = csvRows(tutorialEds);
    full.forEach((row, i) => {
      const colony = joint.colonies[i]!;
      expect(row.ED50).toBe(String(colony.ed50.value));
      expect(Number(row.ED50)).toBe(colony.ed50.raw);
      expect(Number(Number(row.ED5).toFixed(2))).toBeCloseTo(Number(rounded[i]!.ED5), 10);
    });
    expect(full.some((row) => row.ED50!.replace(/^\d+\./, '').length > 10)).toBe(true);
  });

  it('summarises the unrounded values without rounding', () => {
    const [first] = csvRows(formatSummaryCsv(joint, { unrounded: true }));
    const group = joint.groups.find((g) => g.groupValues.Site === first!.Site)!;
    const values = group.colonies
      .filter((c) => c.groupValues.Condition === first!.Condition)
      .map((c) => c.ed50.value!);
    expect(Number(first!.Mean_ED50)).toBe(rMean(values));
    expect(first!.Mean_ED50).not.toMatch(/^\d+\.\d{0,2}$/);
  });

  it('appends drc’s delta-method SE and 95 % limits of the per-colony fit', () => {
    const table = csvRows(formatEdResultsCsv(perColony, { intervals: true, unrounded: true }));
    expect(Object.keys(table[0]!).slice(-9)).toEqual([
      'ED5_SE',
      'ED5_Lower',
      'ED5_Upper',
      'ED50_SE',
      'ED50_Lower',
      'ED50_Upper',
      'ED95_SE',
      'ED95_Lower',
      'ED95_Upper',
    ]);
    let compared = 0;
    table.forEach((row, i) => {
      const reference = drc[i]!;
      expect(row.GroupingProperty).toBe(`${reference.GroupingProperty}_${reference.Genotype}`);
      for (const [column, drcColumn] of [
        ['ED50_SE', 'ED50_se'],
        ['ED50_Lower', 'ED50_lower'],
        ['ED95_Upper', 'ED95_upper'],
      ] as const) {
        if (row[column] === 'NA') continue;
        expect(Math.abs(Number(row[column]) - Number(reference[drcColumn]))).toBeLessThan(1e-6);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(150);
    // Rounded like the ED values by default.
    const roundedTable = csvRows(formatEdResultsCsv(perColony, { intervals: true }));
    expect(roundedTable[0]!.ED50_SE).toBe(
      String(Math.round(Number(table[0]!.ED50_SE) * 100) / 100),
    );
  });

  it('writes NA limits for the joint fit, which has none', () => {
    const table = csvRows(formatEdResultsCsv(joint, { intervals: true }));
    expect(table.every((row) => row.ED50_SE === 'NA' && row.ED95_Upper === 'NA')).toBe(true);
  });
});

describe('model option (decision 0030)', () => {
  it('is LL.3 by default, with each group’s AIC as R computes it from the fit', () => {
    expect(joint.model).toBe('LL.3');
    const explicit = computeEds(rows, { curves: false, model: 'LL.3' });
    expect(explicit.colonies).toEqual(joint.colonies);
    for (const group of joint.groups) {
      const fit = group.modelFit!;
      const colonies = group.colonies.filter((c) => c.status === 'fitted');
      expect(fit.colonyCount).toBe(colonies.length);
      expect(fit.parameterCount).toBe(3 * colonies.length);
      // logLik = -(n/2)(log(2 pi) + log(RSS) - log(n) + 1); AIC = -2 logLik + 2 (p + 1).
      const n = fit.observationCount;
      const logLik = -(n / 2) * (Math.log(2 * Math.PI) + Math.log(fit.rss) - Math.log(n) + 1);
      expect(fit.logLik).toBeCloseTo(logLik, 10);
      expect(fit.aic).toBeCloseTo(-2 * logLik + 2 * (fit.parameterCount + 1), 10);
    }
  });

  it('fits another family jointly, with its own parameters, EDs and AIC', () => {
    const w23 = computeEds(rows, { curves: false, model: 'W2.3' });
    expect(w23.model).toBe('W2.3');
    expect(w23.method).toMatch(/^Model W2\.3 \(drc's three-parameter Weibull type 2\)/);
    const colony = w23.colonies[0]!;
    expect(colony.model).toBe('W2.3');
    expect(colony.parameters!.b).toBeLessThan(0); // W2.3 falls with temperature for b < 0
    expect(colony.hill).toBe(colony.parameters!.b);
    expect(colony.ed50.raw).not.toBe(joint.colonies[0]!.ed50.raw);
    expect(w23.groups.every((g) => g.modelFit?.model === 'W2.3')).toBe(true);
    expect(w23.groups[0]!.modelFit!.aic).not.toBe(joint.groups[0]!.modelFit!.aic);
  });

  it('fits another family per colony, with intervals, and the joint fit with intervals too', () => {
    const w13 = computeEds(rows, { curves: false, fit: 'per-colony', model: 'W1.3' });
    expect(w13.errors).toEqual([]);
    expect(w13.fit).toBe('per-colony');
    expect(w13.model).toBe('W1.3');
    expect(w13.method).toMatch(/^Model W1\.3 \(.*\), one fit per colony: /);
    expect(w13.groups.every((group) => group.modelFit === null)).toBe(true);
    const colony = w13.colonies[0]!;
    expect(colony.model).toBe('W1.3');
    expect(colony.start).toBeNull();
    expect(colony.startParameters!.c).toBe(0);
    // 4 rows, 3 parameters: one residual degree of freedom, so an interval around the ED.
    const interval = colony.ed50.interval!;
    expect(interval.lower).toBeLessThan(colony.ed50.raw!);
    expect(interval.upper).toBeGreaterThan(colony.ed50.raw!);
    const jointW13 = computeEds(rows, { curves: false, model: 'W1.3', intervals: true });
    expect(jointW13.colonies[0]!.ed50.interval!.se).not.toBe(interval.se);
    const plain = computeEds(rows, { curves: false, model: 'W1.3' });
    expect('interval' in plain.colonies[0]!.ed50).toBe(false);
  }, 30_000); // three fits of a real file: seconds on a loaded 2-core machine

  it('refuses an unknown model', () => {
    const unknown = computeEds(rows, { curves: false, model: 'LL.9' as never });
    expect(unknown.errors).toEqual([
      'Unknown model "LL.9": use one of LL.3, LL.2, LL.4, LL.5, W1.3, W2.3.',
    ]);
  });
});
