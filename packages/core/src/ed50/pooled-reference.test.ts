import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import expectedCsv from '../../../../fixtures/ed50-reference/pooled/pooled_expected.csv?raw';
import rowCountsInput from '../../../../fixtures/ed50-reference/row-counts/row_counts_input.csv?raw';
import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '../thresholds/threshold-kinds';
import { computeEds } from './compute-eds';
import { parseCbassCsv } from './parse-cbass-csv';
import type { PooledCurve } from './types';

/**
 * Pooled (population) EDs (decision 0033) against drc 3.0-1 itself: per group, one LL.3 through
 * all its rows, `drm(Pam_value ~ Temperature, data = <group>, fct = LL.3())`, and
 * `ED(fit, c(5, 50, 95), interval = "delta")` (fixtures/ed50-reference/pooled/, made by its
 * make-reference.R).
 */
const inputs = { cbass_dataset: cbassDataset, fiji_raw: fijiRaw, row_counts: rowCountsInput };
const computed = new Map<string, PooledCurve | null>();
for (const [name, text] of Object.entries(inputs)) {
  const computation = computeEds(parseCbassCsv(text).rows);
  for (const group of computation.groups) {
    computed.set(`${name}|${group.groupingProperty}`, group.curve);
  }
}
const expected = Papa.parse<Record<string, string>>(expectedCsv, {
  header: true,
  skipEmptyLines: true,
}).data;
const keyOf = (row: Record<string, string>) => `${row.input}|${row.GroupingProperty}`;
const TOLERANCE = 1e-6;

describe('drc 3.0-1 reference: pooled EDs per group with delta-method intervals', () => {
  it('covers every group drc fitted', () => {
    expect(expected.filter((row) => row.error !== '')).toEqual([]);
    for (const row of expected) expect(computed.get(keyOf(row)), keyOf(row)).toBeTruthy();
  });

  it.each(expected.map((row) => [keyOf(row), row] as const))('%s', (key, row) => {
    const curve = computed.get(key)!;
    const near = (actual: number | undefined, column: string) =>
      expect(
        Math.abs(actual! - Number(row[column])) / Math.max(1, Math.abs(Number(row[column]))),
        column,
      ).toBeLessThanOrEqual(TOLERANCE);
    near(curve.hill, 'Hill');
    near(curve.max, 'Max');
    near(curve.ed50, 'ED50_parameter');
    for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
      const label = THRESHOLD_KIND_INFO[kind].edLabel;
      near(curve.eds[kind].value, label);
      const interval = curve.eds[kind].interval;
      if (row[`${label}_lower`] === 'NaN') {
        expect(interval, label).toBeNull();
        continue;
      }
      expect(interval, label).toBeTruthy();
      near(interval!.se, `${label}_se`);
      near(interval!.lower, `${label}_lower`);
      near(interval!.upper, `${label}_upper`);
    }
  });
});
