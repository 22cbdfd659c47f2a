import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import expectedCsv from '../../../../fixtures/ed50-reference/row-counts/row_counts_expected.csv?raw';
import inputCsv from '../../../../fixtures/ed50-reference/row-counts/row_counts_input.csv?raw';
import { computeEds } from './compute-eds';
import { parseCbassCsv } from './parse-cbass-csv';

/**
 * Every number of rows per colony from 3 to 16, with missing values, unbalanced groups and a
 * group of 30 colonies, against drc 3.0-1 itself (fixtures/ed50-reference/row-counts/, made by
 * its make-reference.R). drm converts the self-starter's values before optimising
 * (drmConvertParm, decision 0025), which moves them by an ulp or two unless the row count is
 * 1, 2, 3, 4, 5, 8, 12 or 16; the CBASSED50 example only has 4 rows per colony.
 */
const parsed = parseCbassCsv(inputCsv);
const computation = computeEds(parsed.rows, { curves: false });
const byKey = new Map(computation.colonies.map((colony) => [colony.key, colony]));
const expected = Papa.parse<Record<string, string>>(expectedCsv, {
  header: true,
  skipEmptyLines: true,
}).data;

describe('drc 3.0-1 reference: 3 to 16 rows per colony (row_counts_expected.csv)', () => {
  it('covers every row count from 3 to 16, and reads the input without errors', () => {
    expect(parsed.errors).toEqual([]);
    expect(new Set(expected.map((row) => Number(row.rows)))).toEqual(
      new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]),
    );
    expect(computation.colonies.map((c) => c.key)).toEqual(
      expected.map((row) => `${row.GroupingProperty}_${row.Genotype}`),
    );
  });

  it.each(expected.map((row) => [`${row.GroupingProperty}_${row.Genotype}`, row] as const))(
    '%s',
    (key, row) => {
      const colony = byKey.get(key)!;
      expect(colony.status).toBe('fitted');
      expect(colony.nObservations).toBe(Number(row.rows));
      // drm's converted start values (fit$start) to the last bits.
      const starts: [number | undefined, string][] = [
        [colony.start?.hill, 'start_Hill'],
        [colony.start?.max, 'start_Max'],
        [colony.start?.ed50, 'start_ED50'],
      ];
      for (const [actual, column] of starts) {
        const wanted = Number(row[column]);
        expect(Math.abs(actual! - wanted) / Math.abs(wanted), column).toBeLessThanOrEqual(1e-12);
      }
      const values: [number | null, string][] = [
        [colony.hill, 'Hill'],
        [colony.max, 'Max'],
        [colony.ed5.raw, 'ED5'],
        [colony.ed50.raw, 'ED50'],
        [colony.ed95.raw, 'ED95'],
      ];
      for (const [actual, column] of values) {
        expect(Math.abs(actual! - Number(row[column])), column).toBeLessThanOrEqual(1e-6);
      }
      // Same path through R's optimiser, not just a nearby optimum.
      expect(colony.functionEvaluations).toBe(Number(row.fn_evaluations));
    },
  );
});
