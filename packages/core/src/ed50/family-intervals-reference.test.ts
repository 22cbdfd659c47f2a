import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import jointCsv from '../../../../fixtures/ed50-reference/family-intervals/joint_intervals_expected.csv?raw';
import perColonyCsv from '../../../../fixtures/ed50-reference/family-intervals/per_colony_expected.csv?raw';
import rowCountsInput from '../../../../fixtures/ed50-reference/row-counts/row_counts_input.csv?raw';
import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '../thresholds/threshold-kinds';
import { computeEds } from './compute-eds';
import { ED_MODELS, MODEL_FAMILIES, type EdModel } from './model-families';
import { parseCbassCsv } from './parse-cbass-csv';
import type { ColonyEdResult, EdFitMode } from './types';

/**
 * The model families LL.2, LL.4, LL.5, W1.3 and W2.3 (decision 0030) with the one fit per colony
 * and with delta-method intervals (decision 0035), against drc 3.0-1 itself
 * (fixtures/ed50-reference/family-intervals/, made by its make-reference.R):
 * - per colony, `drm(Pam_value ~ Temperature, data = <colony>, fct = <family>())`: start values,
 *   parameters, RSS, function evaluations and `ED(fit, c(5, 50, 95), interval = "delta")`;
 * - the joint fit per group with `intervals: true`: every colony's ED, SE and 95 % limits.
 * LL.3 has its own fixtures (per-colony/, joint-intervals/).
 */
const inputs = { cbass_dataset: cbassDataset, fiji_raw: fijiRaw, row_counts: rowCountsInput };
const FAMILIES: readonly EdModel[] = ED_MODELS.filter((model) => model !== 'LL.3');
const TOLERANCE = 1e-6;
const parse = (csv: string) =>
  Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
const perColonyExpected = parse(perColonyCsv);
const jointExpected = parse(jointCsv);

const rowsOf = Object.fromEntries(
  Object.entries(inputs).map(([name, text]) => [name, parseCbassCsv(text).rows]),
);
/** Every input, family and fit computed once (about two minutes: LL.5 is slow). */
const computedColonies = new Map<string, Map<string, ColonyEdResult>>();
for (const model of FAMILIES) {
  for (const [input, rows] of Object.entries(rowsOf)) {
    for (const fit of ['per-colony', 'joint'] as const) {
      const computation = computeEds(rows, {
        curves: false,
        model,
        fit,
        intervals: fit === 'joint',
      });
      expect(computation.errors).toEqual([]);
      computedColonies.set(
        `${input}|${model}|${fit}`,
        new Map(computation.colonies.map((colony) => [colony.key, colony])),
      );
    }
  }
}
const computed = (input: string, model: EdModel, fit: EdFitMode) =>
  computedColonies.get(`${input}|${model}|${fit}`)!;
const colonyOf = (row: Record<string, string>, fit: EdFitMode) =>
  computed(row.input!, row.model as EdModel, fit).get(`${row.GroupingProperty}_${row.Genotype}`);

/** |actual - wanted| relative to |wanted| where that is above 1, else absolute. */
const deviation = (actual: number | null | undefined, wanted: string) =>
  actual == null
    ? Infinity
    : actual === Number(wanted)
      ? 0
      : Math.abs(actual - Number(wanted)) / Math.max(1, Math.abs(Number(wanted)));
/** drc prints NaN (or NA) limits where it has no interval: no residual df, negative variance. */
const noInterval = (value: string | undefined) => value === 'NaN' || value === 'NA';

/** Every compared value of one expected row: [column, deviation, tolerance]. */
function edDeviations(row: Record<string, string>, colony: ColonyEdResult) {
  const out: [string, number, number][] = [];
  for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
    const label = THRESHOLD_KIND_INFO[kind].edLabel;
    const estimate = colony[kind];
    out.push([label, deviation(estimate.raw, row[label]!), TOLERANCE]);
    const interval = estimate.interval;
    if (noInterval(row[`${label}_lower`])) {
      out.push([`${label} interval (drc: none)`, interval === null ? 0 : Infinity, 0]);
      continue;
    }
    for (const field of ['se', 'lower', 'upper'] as const) {
      const column = `${label}_${field}`;
      out.push([column, deviation(interval?.[field], row[column]!), TOLERANCE]);
    }
  }
  return out;
}

function perColonyDeviations(row: Record<string, string>): [string, number, number][] {
  const colony = colonyOf(row, 'per-colony');
  if (!colony || colony.status !== 'fitted') return [['status', Infinity, 0]];
  const out: [string, number, number][] = [
    ['rows', colony.nObservations === Number(row.rows) ? 0 : Infinity, 0],
    ['fn_evaluations', colony.functionEvaluations === Number(row.fn_evaluations) ? 0 : Infinity, 0],
    ['rss', deviation(colony.rss, row.rss!), TOLERANCE],
  ];
  for (const parameter of MODEL_FAMILIES[row.model as EdModel].free) {
    // A single curve: drm's start is the self-starter's, unconverted.
    out.push([
      `start_${parameter}`,
      deviation(colony.startParameters?.[parameter], row[`start_${parameter}`]!),
      1e-12,
    ]);
    out.push([parameter, deviation(colony.parameters?.[parameter], row[parameter]!), TOLERANCE]);
  }
  return [...out, ...edDeviations(row, colony)];
}

function jointDeviations(row: Record<string, string>): [string, number, number][] {
  const colony = colonyOf(row, 'joint');
  if (!colony || colony.status !== 'fitted') return [['status', Infinity, 0]];
  return [
    ['fn_evaluations', colony.functionEvaluations === Number(row.fn_evaluations) ? 0 : Infinity, 0],
    ...edDeviations(row, colony),
  ];
}

const failures = (list: [string, number, number][]) =>
  list.filter(([, d, tolerance]) => !(d <= tolerance)).map(([column]) => column);

const fittedPerColony = perColonyExpected.filter((row) => row.error === '');
const failedPerColony = perColonyExpected.filter((row) => row.error !== '');
const jointFitted = jointExpected.filter((row) => row.error === '');
const jointFailed = jointExpected.filter((row) => row.error !== '');
const label = (row: Record<string, string>) =>
  `${row.model} ${row.input}|${row.GroupingProperty}_${row.Genotype}`;

describe('drc 3.0-1 reference: model families fitted per colony, with intervals', () => {
  it('has every colony of every family', () => {
    for (const model of FAMILIES) {
      for (const input of Object.keys(inputs)) {
        const keys = perColonyExpected
          .filter((row) => row.model === model && row.input === input)
          .map((row) => `${row.GroupingProperty}_${row.Genotype}`);
        expect(keys).toEqual([...computed(input, model, 'per-colony').keys()]);
      }
    }
  });

  it.each(fittedPerColony.map((row) => [label(row), row] as const))('%s', (_name, row) => {
    expect(failures(perColonyDeviations(row))).toEqual([]);
  });

  it.each(failedPerColony.map((row) => [label(row), row] as const))(
    'drm fails on %s, and the colony is excluded here with its reason',
    (_name, row) => {
      const colony = colonyOf(row, 'per-colony')!;
      expect(colony.status).toBe('excluded');
      expect(colony.flags[0]!.message).toMatch(/fit of this colony alone failed|PAM values/);
    },
  );
});

describe('drc 3.0-1 reference: delta-method intervals of the model families’ joint fits', () => {
  it('has every colony of every group drc could fit', () => {
    for (const model of FAMILIES) {
      for (const input of Object.keys(inputs)) {
        const failedGroups = new Set(
          jointFailed
            .filter((row) => row.model === model && row.input === input)
            .map((row) => row.GroupingProperty),
        );
        const keys = jointFitted
          .filter((row) => row.model === model && row.input === input)
          .map((row) => `${row.GroupingProperty}_${row.Genotype}`);
        const ours = [...computed(input, model, 'joint').values()]
          .filter((colony) => !failedGroups.has(colony.groupingProperty))
          .map((colony) => colony.key);
        expect(new Set(keys)).toEqual(new Set(ours));
      }
    }
  });

  it.each(jointFitted.map((row) => [label(row), row] as const))('%s', (_name, row) => {
    expect(failures(jointDeviations(row))).toEqual([]);
  });

  it('prints how many colonies match drc per family and fit, and the largest deviations', () => {
    const report: Record<string, unknown> = {};
    for (const [fit, rows, check] of [
      ['per-colony', fittedPerColony, perColonyDeviations],
      ['joint', jointFitted, jointDeviations],
    ] as const) {
      for (const model of FAMILIES) {
        const list = rows.filter((row) => row.model === model);
        const worst: Record<string, number> = {};
        let matched = 0;
        let intervals = 0;
        for (const row of list) {
          const deviations = check(row);
          if (failures(deviations).length === 0) matched++;
          if (!noInterval(row.ED50_lower)) intervals++;
          for (const [column, d] of deviations) {
            if (d > 0) worst[column] = Math.max(worst[column] ?? 0, d);
          }
        }
        report[`${model} ${fit}`] = {
          colonies: list.length,
          withInterval: intervals,
          matched,
          worst,
        };
      }
    }
    console.log(JSON.stringify(report, null, 1));
    expect(Object.keys(report)).toHaveLength(2 * FAMILIES.length);
  });
});
