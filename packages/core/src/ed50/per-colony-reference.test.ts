import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import expectedCsv from '../../../../fixtures/ed50-reference/per-colony/per_colony_expected.csv?raw';
import rowCountsInput from '../../../../fixtures/ed50-reference/row-counts/row_counts_input.csv?raw';
import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '../thresholds/threshold-kinds';
import { computeEds } from './compute-eds';
import { parseCbassCsv } from './parse-cbass-csv';
import type { ColonyEdResult } from './types';

/**
 * The per-colony fit (decision 0027) against drc 3.0-1 itself: every colony of three real
 * files fitted alone by `drm(Pam_value ~ Temperature, data = <colony>, fct = LL.3())`, with
 * `ED(fit, c(5, 50, 95), interval = "delta")` (fixtures/ed50-reference/per-colony/, made by its
 * make-reference.R). 372 colonies with 3 to 16 rows.
 */
const inputs = { cbass_dataset: cbassDataset, fiji_raw: fijiRaw, row_counts: rowCountsInput };
const computed = new Map<string, ColonyEdResult>();
for (const [name, text] of Object.entries(inputs)) {
  const parsed = parseCbassCsv(text);
  const computation = computeEds(parsed.rows, { fit: 'per-colony', curves: false });
  for (const colony of computation.colonies) computed.set(`${name}|${colony.key}`, colony);
}
const expected = Papa.parse<Record<string, string>>(expectedCsv, {
  header: true,
  skipEmptyLines: true,
}).data;
const keyOf = (row: Record<string, string>) =>
  `${row.input}|${row.GroupingProperty}_${row.Genotype}`;
const TOLERANCE = 1e-6;

describe('drc 3.0-1 reference: one fit per colony (per_colony_expected.csv)', () => {
  it('has the same colonies, every one fitted by drc', () => {
    expect([...computed.keys()]).toEqual(expected.map(keyOf));
    expect(expected.filter((row) => row.error !== '')).toEqual([]);
    expect(new Set(expected.map((row) => Number(row.rows)))).toEqual(
      new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]),
    );
  });

  it.each(expected.map((row) => [keyOf(row), row] as const))('%s', (key, row) => {
    const colony = computed.get(key)!;
    expect(colony.status).toBe('fitted');
    expect(colony.nObservations).toBe(Number(row.rows));
    // A single curve: drm's start is the self-starter's, unconverted.
    const starts: [number | undefined, string][] = [
      [colony.start?.hill, 'start_Hill'],
      [colony.start?.max, 'start_Max'],
      [colony.start?.ed50, 'start_ED50'],
    ];
    for (const [actual, column] of starts) {
      const wanted = Number(row[column]);
      expect(Math.abs(actual! - wanted) / Math.abs(wanted), column).toBeLessThanOrEqual(1e-12);
    }
    const near = (actual: number | null | undefined, column: string) =>
      expect(Math.abs(actual! - Number(row[column])), column).toBeLessThanOrEqual(TOLERANCE);
    near(colony.hill, 'Hill');
    near(colony.max, 'Max');
    near(colony.ed50.raw, 'ED50_parameter');
    near(colony.rss, 'rss');
    // Same path through R's optimiser, not just a nearby optimum.
    expect(colony.functionEvaluations).toBe(Number(row.fn_evaluations));
    for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
      const label = THRESHOLD_KIND_INFO[kind].edLabel;
      const estimate = colony[kind];
      near(estimate.raw, label);
      const interval = estimate.interval;
      if (row[`${label}_lower`] === 'NaN') {
        // drc's limits are NaN (no residual df, or a negative variance): no interval here.
        expect(interval, label).toBeNull();
        continue;
      }
      expect(interval, label).toBeTruthy();
      near(interval!.se, `${label}_se`);
      near(interval!.lower, `${label}_lower`);
      near(interval!.upper, `${label}_upper`);
    }
  });

  it('gives no interval exactly where drc has no residual degree of freedom or a NaN SE', () => {
    const withoutInterval = expected.filter((row) => row.ED50_lower === 'NaN');
    expect(withoutInterval.filter((row) => row.df === '0')).toHaveLength(13);
    expect(withoutInterval.filter((row) => row.ED50_se === 'NaN')).toHaveLength(4);
  });
});
