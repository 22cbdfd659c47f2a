import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import expectedCsv from '../../../../fixtures/ed50-reference/model-families/model_families_expected.csv?raw';
import rowCountsInput from '../../../../fixtures/ed50-reference/row-counts/row_counts_input.csv?raw';
import { computeEds } from './compute-eds';
import { DrmFitError } from './drm-fit';
import { fitDrmFamily } from './family-fit';
import { groupRows } from './grouping';
import { ED_MODELS, MODEL_FAMILIES, type EdModel, type ModelParameter } from './model-families';
import { parseCbassCsv } from './parse-cbass-csv';
import { DEFAULT_GROUPING, type CbassRow, type ColonyEdResult, type EdGroupResult } from './types';

/**
 * The model families (decision 0030) against drc 3.0-1 itself: CBASSED50's joint fit per group
 * with each of LL.2, LL.3, LL.4, LL.5, W1.3 and W2.3 on three real files
 * (fixtures/ed50-reference/model-families/, made by its make-reference.R): per colony drm's start
 * values, the fitted parameters and ED(fit, c(5, 50, 95)); per group RSS, logLik, AIC and
 * optim's function-evaluation count.
 */
const inputs = { cbass_dataset: cbassDataset, fiji_raw: fijiRaw, row_counts: rowCountsInput };
const expected = Papa.parse<Record<string, string>>(expectedCsv, {
  header: true,
  skipEmptyLines: true,
}).data;
const TOLERANCE = 1e-6;

const rowsOf: Record<string, CbassRow[]> = Object.fromEntries(
  Object.entries(inputs).map(([name, text]) => [name, parseCbassCsv(text).rows]),
);
const colonies = new Map<string, ColonyEdResult>();
const groups = new Map<string, EdGroupResult>();
for (const model of ED_MODELS) {
  for (const [name, rows] of Object.entries(rowsOf)) {
    const computation = computeEds(rows, { curves: false, model });
    expect(computation.errors).toEqual([]);
    for (const group of computation.groups) {
      groups.set(`${name}|${model}|${group.groupingProperty}`, group);
      for (const colony of group.colonies) {
        colonies.set(`${name}|${model}|${colony.key}`, colony);
      }
    }
  }
}
const relative = (actual: number, wanted: number) =>
  actual === wanted ? 0 : Math.abs(actual - wanted) / Math.abs(wanted);

const fitted = expected.filter((row) => row.error === '');
const failed = expected.filter((row) => row.error !== '');
const keyOf = (row: Record<string, string>) =>
  `${row.input}|${row.model}|${row.GroupingProperty}_${row.Genotype}`;

/** Every compared value of one colony: [column, relative deviation, tolerance]. */
function deviations(row: Record<string, string>): [string, number, number][] {
  const model = row.model as EdModel;
  const colony = colonies.get(keyOf(row))!;
  const group = groups.get(`${row.input}|${model}|${row.GroupingProperty}`)!;
  const out: [string, number, number][] = [];
  const add = (actual: number | null | undefined, column: string, tolerance = TOLERANCE) =>
    out.push([
      column,
      actual == null ? Infinity : relative(actual, Number(row[column])),
      tolerance,
    ]);
  for (const parameter of MODEL_FAMILIES[model].free) {
    // drm's start is the self-starter's after drmConvertParm: to 1e-12 like decision 0025's.
    add(
      colony.startParameters?.[parameter] ?? startOf(colony, parameter),
      `start_${parameter}`,
      1e-12,
    );
    add(colony.parameters?.[parameter] ?? fittedOf(colony, parameter), parameter);
  }
  add(colony.ed5.raw, 'ED5');
  add(colony.ed50.raw, 'ED50');
  add(colony.ed95.raw, 'ED95');
  add(group.modelFit?.rss, 'rss');
  add(group.modelFit?.logLik, 'logLik');
  add(group.modelFit?.aic, 'AIC');
  return out;
}

/** drc's path exactly: the same optim function-evaluation count and parameter count. */
function samePath(row: Record<string, string>): boolean {
  const colony = colonies.get(keyOf(row))!;
  const group = groups.get(`${row.input}|${row.model}|${row.GroupingProperty}`)!;
  return (
    colony.status === 'fitted' &&
    colony.functionEvaluations === Number(row.fn_evaluations) &&
    group.modelFit!.parameterCount + 1 === Number(row.logLik_df)
  );
}

describe('drc 3.0-1 reference: model families (model_families_expected.csv)', () => {
  it('has every colony of every family, and drc fitted all but one group', () => {
    const keys = new Set(
      [...colonies.keys()].filter((key) => !key.includes('|LL.2|Tagaqe_many-colonies-1_')),
    );
    expect(new Set(fitted.map(keyOf))).toEqual(keys);
    expect(failed.map((row) => [row.input, row.model, row.error])).toEqual([
      ['row_counts', 'LL.2', 'Convergence failed'],
    ]);
  });

  it.each(fitted.map((row) => [keyOf(row), row] as const))('%s', (_key, row) => {
    for (const [column, deviation, tolerance] of deviations(row)) {
      expect(deviation, column).toBeLessThanOrEqual(tolerance);
    }
    expect(samePath(row)).toBe(true);
  });

  it.each(failed.map((row) => [`${row.input}|${row.model}|${row.GroupingProperty}`, row] as const))(
    'drm fails on %s, and so does the joint fit of all its colonies here',
    (_key, row) => {
      const group = groupRows(rowsOf[row.input!]!, DEFAULT_GROUPING).find(
        (g) => g.groupingProperty === row.GroupingProperty,
      )!;
      const genotypes = [...new Set(group.rows.map((r) => r.genotype))];
      expect(() =>
        fitDrmFamily(row.model as EdModel, {
          curveCount: genotypes.length,
          curve: group.rows.map((r) => genotypes.indexOf(r.genotype)),
          temperature: group.rows.map((r) => r.temperature),
          response: group.rows.map((r) => r.pamValue),
        }),
      ).toThrow(DrmFitError);
      // The calculator then leaves out the colony named by optim's error and fits the others.
      const computed = groups.get(`${row.input}|${row.model}|${row.GroupingProperty}`)!;
      expect(computed.colonies.filter((c) => c.status === 'excluded').length).toBeGreaterThan(0);
    },
    // A failing fit runs the optimiser to its limit (about 2 s on a quiet machine): room for a
    // busy one, where the default 5 s timed out.
    30_000,
  );

  it('prints the largest relative deviation per family and column', () => {
    const report: Record<string, unknown> = {};
    for (const model of ED_MODELS) {
      const rows = fitted.filter((row) => row.model === model);
      const worst: Record<string, number> = {};
      let within = 0;
      for (const row of rows) {
        const list = deviations(row);
        if (list.every(([, d, t]) => d <= t) && samePath(row)) within++;
        for (const [column, d] of list) worst[column] = Math.max(worst[column] ?? 0, d);
      }
      report[model] = { colonies: rows.length, matched: within, worst };
    }
    console.log(JSON.stringify(report, null, 1));
    expect(Object.keys(report)).toHaveLength(ED_MODELS.length);
  });
});

function startOf(colony: ColonyEdResult, parameter: ModelParameter): number | undefined {
  const start = colony.start;
  return parameter === 'b' ? start?.hill : parameter === 'd' ? start?.max : start?.ed50;
}
function fittedOf(colony: ColonyEdResult, parameter: ModelParameter): number | null {
  return parameter === 'b' ? colony.hill : parameter === 'd' ? colony.max : colony.ed50.raw;
}
