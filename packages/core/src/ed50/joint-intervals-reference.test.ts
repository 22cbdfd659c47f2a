import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import expectedCsv from '../../../../fixtures/ed50-reference/joint-intervals/joint_intervals_expected.csv?raw';
import rowCountsInput from '../../../../fixtures/ed50-reference/row-counts/row_counts_input.csv?raw';
import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '../thresholds/threshold-kinds';
import { computeEds } from './compute-eds';
import { parseCbassCsv } from './parse-cbass-csv';
import type { ColonyEdResult } from './types';

/**
 * Delta-method SEs and 95 % intervals of the joint fit (`intervals: true`) against drc 3.0-1:
 * `ED(fit, c(5, 50, 95), interval = "delta")` on CBASSED50's joint fit of every group of three
 * real files (fixtures/ed50-reference/joint-intervals/, made by its make-reference.R).
 */
const inputs = { cbass_dataset: cbassDataset, fiji_raw: fijiRaw, row_counts: rowCountsInput };
const computed = new Map<string, ColonyEdResult>();
for (const [name, text] of Object.entries(inputs)) {
  const computation = computeEds(parseCbassCsv(text).rows, { curves: false, intervals: true });
  for (const colony of computation.colonies) computed.set(`${name}|${colony.key}`, colony);
}
const expected = Papa.parse<Record<string, string>>(expectedCsv, {
  header: true,
  skipEmptyLines: true,
}).data;
const kindOf = new Map(
  THRESHOLD_KINDS_BY_LEVEL.map((kind) => [String(THRESHOLD_KIND_INFO[kind].level), kind]),
);
const TOLERANCE = 1e-6;

describe('drc 3.0-1 reference: delta-method intervals of the joint fit', () => {
  it('has every colony of the three files, each with ED5, ED50 and ED95', () => {
    expect(expected).toHaveLength(3 * computed.size);
  });

  it.each(
    expected.map(
      (row) => [`${row.input}|${row.GroupingProperty}_${row.Genotype} ED${row.p}`, row] as const,
    ),
  )('%s', (name, row) => {
    const colony = computed.get(name.replace(/ ED\d+$/, ''))!;
    const estimate = colony[kindOf.get(row.p!)!];
    expect(Math.abs(estimate.raw! - Number(row.estimate))).toBeLessThanOrEqual(TOLERANCE);
    if (row.lower === 'NaN') {
      expect(estimate.interval).toBeNull();
      return;
    }
    const interval = estimate.interval!;
    expect(interval).toBeTruthy();
    for (const field of ['se', 'lower', 'upper'] as const) {
      expect(Math.abs(interval[field] - Number(row[field])), field).toBeLessThanOrEqual(TOLERANCE);
    }
  });
});
