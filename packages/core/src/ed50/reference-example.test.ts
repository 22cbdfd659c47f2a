import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import expectedCurves from '../../../../fixtures/ed50-reference/cbass_example_expected_curve_predictions.csv?raw';
import expectedDetails from '../../../../fixtures/ed50-reference/cbass_example_expected_details.csv?raw';
import tutorialEds from '../../../../fixtures/ed50-reference/tutorial_EDsdf.csv?raw';
import tutorialSummary from '../../../../fixtures/ed50-reference/tutorial_summaryEDs_df.csv?raw';
import edResultsDownload from '../../../../fixtures/datasheets/cbass_dataset_ED50_Results.csv?raw';
import { computeEds, formatEdResultsCsv, formatSummaryCsv, parseCbassCsv } from './index';

/**
 * The CBASSED50 example (fixtures/ed50-reference/README.md): published outputs must be reproduced
 * exactly, and the unrounded drc values to 1e-6 (this port matches them to ~4e-13).
 */
const parsed = parseCbassCsv(cbassDataset);
const computation = computeEds(parsed.rows);
const byKey = new Map(computation.colonies.map((colony) => [colony.key, colony]));

function table(text: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

describe('CBASSED50 example: published outputs', () => {
  it('parses the 240 rows without issues', () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.rows).toHaveLength(240);
  });

  it('reproduces every one of the 180 rounded ED values of tutorial_EDsdf.csv', () => {
    const expected = table(tutorialEds);
    expect(expected).toHaveLength(60);
    expect(computation.colonies.map((c) => c.key)).toEqual(
      expected.map((row) => row.GroupingProperty),
    );
    for (const row of expected) {
      const colony = byKey.get(row.GroupingProperty!)!;
      expect(
        [colony.ed5.rounded, colony.ed50.rounded, colony.ed95.rounded],
        row.GroupingProperty,
      ).toEqual([Number(row.ED5), Number(row.ED50), Number(row.ED95)]);
    }
  });

  it('writes tutorial_EDsdf.csv byte for byte', () => {
    expect(formatEdResultsCsv(computation)).toBe(tutorialEds);
  });

  it('writes the ED50_Results.csv download (leading index column) byte for byte', () => {
    expect(formatEdResultsCsv(computation, { rowNames: true })).toBe(edResultsDownload);
  });

  it('writes tutorial_summaryEDs_df.csv byte for byte (every summary cell)', () => {
    expect(formatSummaryCsv(computation)).toBe(tutorialSummary);
  });

  it('flags nothing that would withhold a value on this clean example', () => {
    for (const colony of computation.colonies) {
      expect(colony.status).toBe('fitted');
      expect(colony.ed50.value).not.toBeNull();
      expect(colony.flags.map((flag) => flag.code)).not.toContain('ed50_not_estimable');
    }
  });
});

describe('CBASSED50 example: unrounded drc values (cbass_example_expected_details.csv)', () => {
  const details = table(expectedDetails);
  // The doc's looser tolerance applies to groups whose result depends on rounding; none here.
  const tolerance = (row: Record<string, string>) =>
    row.flags?.includes('group_result_sensitive_to_rounding') ? 0.5 : 1e-6;

  it.each(details.map((row) => [row.GroupingProperty!, row] as const))('%s', (key, row) => {
    const colony = byKey.get(key)!;
    const within = tolerance(row);
    const pairs: [number | null | undefined, string][] = [
      [colony.hill, 'drm_Hill'],
      [colony.max, 'drm_Max'],
      [colony.ed50.raw, 'drm_ED50'],
      [colony.ed5.raw, 'drm_ED5'],
      [colony.ed95.raw, 'drm_ED95'],
      [colony.start?.hill, 'start_Hill'],
      [colony.start?.max, 'start_Max'],
      [colony.start?.ed50, 'start_ED50'],
    ];
    for (const [actual, column] of pairs) {
      expect(Math.abs(actual! - Number(row[column])), column).toBeLessThanOrEqual(within);
    }
    expect(colony.nObservations).toBe(Number(row.n_obs));
    expect(colony.nTemperatures).toBe(Number(row.n_temps));
    expect(colony.convergence).toBe(Number(row.drm_optim_convergence));
    // Same path through R's optimiser, not just a nearby optimum.
    expect(colony.functionEvaluations).toBe(Number(row.drm_optim_fn_evals));
  });
});

describe('CBASSED50 example: pooled curves with 95 % band (cbass_example_expected_curve_predictions.csv)', () => {
  const rows = table(expectedCurves);

  it('has the 100-point grid from the lowest temperature to the highest + 1 for every group', () => {
    expect(rows).toHaveLength(600);
    for (const group of computation.groups) {
      expect(group.curve!.temperature).toHaveLength(100);
      expect(group.curve!.temperature[0]).toBe(29);
      expect(group.curve!.temperature[99]).toBe(42);
    }
  });

  it('matches the predictions, lower and upper bounds and curve parameters within 1e-6', () => {
    for (const row of rows) {
      const group = computation.groups.find((g) => g.groupingProperty === row.GroupingProperty)!;
      const curve = group.curve!;
      const i = curve.temperature.findIndex(
        (t) => Math.abs(t - Number(row.Temperature_exact)) < 1e-9,
      );
      expect(i, `${row.GroupingProperty} ${row.Temperature}`).toBeGreaterThanOrEqual(0);
      const expectBand = (actual: number, text: string) =>
        text === 'NA'
          ? expect(actual).toBeNaN()
          : expect(Math.abs(actual - Number(text))).toBeLessThan(1e-6);
      expectBand(curve.predicted[i]!, row.PredictedPAM!);
      expectBand(curve.lower[i]!, row.Lower!);
      expectBand(curve.upper[i]!, row.Upper!);
      expect(Math.abs(curve.hill - Number(row.Hill))).toBeLessThan(1e-6);
      expect(Math.abs(curve.max - Number(row.Max))).toBeLessThan(1e-6);
      expect(Math.abs(curve.ed50 - Number(row.ED50))).toBeLessThan(1e-6);
    }
  });

  it('draws the ED lines at the group means of the colony EDs', () => {
    const group = computation.groups[0]!;
    expect(group.edLines).toEqual({ ed5: 36.74, ed50: 38.24, ed95: 39.8 });
  });
});
