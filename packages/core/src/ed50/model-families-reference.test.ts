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
import { DEFAULT_GROUPING, type ColonyEdResult, type EdGroupResult } from './types';

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

const rowsOf = Object.fromEntries(
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
  actual === wanted ? 0 : Math.abs(actual - wanted) / Math.max(Math.abs(wanted), 1e-300);

const fitted = expected.filter((row) => row.error === '');
const failed = expected.filter((row) => row.error !== '');
const deviation = new Map<string, number>();

describe('drc 3.0-1 reference: model families (model_families_expected.csv)', () => {
  it.each(
    fitted.map(
      (row) => [`${row.input}|${row.model}|${row.GroupingProperty}_${row.Genotype}`, row] as const,
    ),
  )('%s', (key, row) => {
    const model = row.model as EdModel;
    const colony = colonies.get(key)!;
    const group = groups.get(`${row.input}|${model}|${row.GroupingProperty}`)!;
    expect(colony.status).toBe('fitted');
    const worst: number[] = [];
    const check = (actual: number | null | undefined, column: string, tolerance = TOLERANCE) => {
      const d = relative(actual!, Number(row[column]));
      worst.push(d);
      expect(d, column).toBeLessThanOrEqual(tolerance);
    };
    for (const parameter of MODEL_FAMILIES[model].free as ModelParameter[]) {
      check(
        colony.startParameters?.[parameter] ?? startOf(colony, parameter),
        `start_${parameter}`,
        1e-12,
      );
      check(colony.parameters?.[parameter] ?? fittedOf(colony, parameter), parameter);
    }
    check(colony.ed5.raw, 'ED5');
    check(colony.ed50.raw, 'ED50');
    check(colony.ed95.raw, 'ED95');
    check(group.modelFit?.rss, 'rss');
    check(group.modelFit?.logLik, 'logLik');
    check(group.modelFit?.aic, 'AIC');
    expect(group.modelFit!.parameterCount + 1).toBe(Number(row.logLik_df));
    expect(colony.functionEvaluations).toBe(Number(row.fn_evaluations));
    deviation.set(model, Math.max(deviation.get(model) ?? 0, ...worst));
  });

  it.each(failed.map((row) => [`${row.input}|${row.model}|${row.GroupingProperty}`, row] as const))(
    'drm fails on %s, and so does the joint fit here',
    (_key, row) => {
      const group = groupRows(rowsOf[row.input]!, DEFAULT_GROUPING).find(
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
    },
  );

  it('reports the largest relative deviation per family', () => {
    console.log(JSON.stringify(Object.fromEntries(deviation)));
  });
});

function startOf(colony: ColonyEdResult, parameter: ModelParameter): number | undefined {
  const start = colony.start;
  return parameter === 'b' ? start?.hill : parameter === 'd' ? start?.max : start?.ed50;
}
function fittedOf(colony: ColonyEdResult, parameter: ModelParameter): number | null {
  return parameter === 'b' ? colony.hill : parameter === 'd' ? colony.max : colony.ed50.raw;
}
