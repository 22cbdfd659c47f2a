import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import expectedCsv from '../../../../fixtures/ed50-reference/bounds/bounds_expected.csv?raw';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import rowCountsInput from '../../../../fixtures/ed50-reference/row-counts/row_counts_input.csv?raw';
import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '../thresholds/threshold-kinds';
import { computeEds } from './compute-eds';
import type { ParameterBounds } from './parameter-bounds';
import { parseCbassCsv } from './parse-cbass-csv';
import type { ColonyEdResult, EdFitMode } from './types';

/**
 * Parameter bounds (decision 0034) against drc 3.0-1 itself: `drm(..., lowerl, upperl)`, which
 * optimises with R's L-BFGS-B, for two bound settings, each colony of three real files fitted
 * alone and each group fitted jointly, with `ED(fit, c(5, 50, 95), interval = "delta")`
 * (fixtures/ed50-reference/bounds/, made by its make-reference.R).
 */
const SETTINGS: Record<string, ParameterBounds> = {
  cunning: { lower: { b: 20, d: 0.3, e: 30 }, upper: { b: 100, d: 0.7, e: 40 } },
  hill_cap: { upper: { b: 50 } },
};
const FITS: EdFitMode[] = ['per-colony', 'joint'];
const inputs = { cbass_dataset: cbassDataset, fiji_raw: fijiRaw, row_counts: rowCountsInput };
const parsed = Object.fromEntries(
  Object.entries(inputs).map(([name, text]) => [name, parseCbassCsv(text).rows]),
);
const expected = Papa.parse<Record<string, string>>(expectedCsv, {
  header: true,
  skipEmptyLines: true,
}).data;
const TOLERANCE = 1e-6;
/** optim's convergence code for L-BFGS-B's final message. */
const CONVERGENCE: Record<string, number> = {
  'CONVERGENCE: REL_REDUCTION_OF_F <= FACTR*EPSMCH': 0,
  'CONVERGENCE: NORM OF PROJECTED GRADIENT <= PGTOL': 0,
  NEW_X: 1,
  'ERROR: ABNORMAL_TERMINATION_IN_LNSRCH': 52,
};

describe.each(Object.keys(SETTINGS))('drc 3.0-1 reference: bounds %s', (setting) => {
  describe.each(FITS)('%s fit', (fit) => {
    const computed = new Map<string, ColonyEdResult>();
    for (const [name, rows] of Object.entries(parsed)) {
      const computation = computeEds(rows, {
        fit,
        bounds: SETTINGS[setting]!,
        curves: false,
        intervals: true,
      });
      expect(computation.errors).toEqual([]);
      for (const colony of computation.colonies) computed.set(`${name}|${colony.key}`, colony);
    }
    const reference = expected.filter((row) => row.setting === setting && row.fit === fit);
    const keyOf = (row: Record<string, string>) =>
      `${row.input}|${row.GroupingProperty}_${row.Genotype}`;

    it('has the same colonies; those drc cannot fit are not fitted here either', () => {
      expect([...computed.keys()]).toEqual(reference.map(keyOf));
      const failed = reference.filter((row) => row.error !== '');
      // drm's only failure here: "Convergence failed" of 4 single colonies with a Hill cap.
      expect(new Set(failed.map((row) => row.error))).toEqual(
        new Set(failed.length > 0 ? ['Convergence failed'] : []),
      );
      expect(failed.length).toBe(setting === 'hill_cap' && fit === 'per-colony' ? 4 : 0);
      const excluded = [...computed].filter(([, colony]) => colony.status === 'excluded');
      expect(excluded.map(([key]) => key)).toEqual(failed.map(keyOf));
      for (const [, colony] of excluded) expect(colony.flags[0]!.code).toBe('fit_failed');
    });

    it.each(reference.map((row) => [keyOf(row), row] as const))('%s', (key, row) => {
      const colony = computed.get(key)!;
      if (row.error !== '') {
        expect(colony.status).toBe('excluded');
        return;
      }
      expect(colony.status).toBe('fitted');
      expect(colony.nObservations).toBe(Number(row.rows));
      const near = (actual: number | null | undefined, column: string) =>
        expect(Math.abs(actual! - Number(row[column])), column).toBeLessThanOrEqual(TOLERANCE);
      near(colony.hill, 'Hill');
      near(colony.max, 'Max');
      near(colony.ed50.raw, 'ED50_parameter');
      if (fit === 'per-colony') near(colony.rss, 'rss');
      // Same path through R's L-BFGS-B, not just a nearby optimum.
      expect(colony.functionEvaluations).toBe(Number(row.fn_evaluations));
      expect(colony.convergence).toBe(CONVERGENCE[row.message!]);
      for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
        const label = THRESHOLD_KIND_INFO[kind].edLabel;
        const estimate = colony[kind];
        near(estimate.raw, label);
        const interval = estimate.interval;
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
});
