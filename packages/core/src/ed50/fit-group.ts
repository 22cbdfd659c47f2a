import { THRESHOLD_KINDS, type ThresholdKind } from '../thresholds/threshold-kinds';
import { assessColony, type GroupContext } from './colony-flags';
import { colonyStats, type ColonyStats } from './colony-stats';
import { DrmFitError, fitDrmLl3, type DrmLl3Fit } from './drm-fit';
import { perKind } from './ed-kinds';
import { curveCovariance, drcVcov, edDeltaIntervals } from './ed-delta';
import { effectiveDoses } from './ed-values';
import { noteCelsius } from './note-format';
import { boundFlag, type ParameterBounds } from './parameter-bounds';
import { rMedian } from './r-numerics/r-median';
import { roundR } from './r-numerics/r-round';
import { drcInformation, fitDrmFamily, type DrmFamilyFit } from './family-fit';
import {
  DEFAULT_ED_MODEL,
  MODEL_FAMILIES,
  modelEffectiveDoses,
  type EdModel,
} from './model-families';
import type {
  CbassRow,
  ColonyEdResult,
  ColonyFlag,
  EdEstimate,
  EdFitMode,
  GroupModelFit,
} from './types';

export interface GroupInput {
  groupingProperty: string;
  groupValues: Readonly<Record<string, string>>;
  /** The group's rows in file order. */
  rows: readonly CbassRow[];
}

interface Colony {
  genotype: string;
  rows: CbassRow[];
  stats: ColonyStats;
  /** Why the colony is left out of the joint fit (null: it is fitted). */
  exclusion: ColonyFlag | null;
}

const NO_ED: EdEstimate = { raw: null, value: null, rounded: null };
/** The EDs of a colony that was not fitted. */
export const NO_EDS: Readonly<Record<ThresholdKind, EdEstimate>> = perKind(() => NO_ED);

/**
 * One group's colonies: drm's joint LL.3 fit with a curve per genotype (ed50-algorithm §3, §5),
 * then the per-colony checks of §9.
 *
 * CBASSED50 stops the whole run when one colony cannot be fitted (constant response, a single
 * temperature, a failed optimisation). Here such a colony is reported with its reason and the
 * others are fitted jointly without it. That is the one place where numbers can differ from
 * CBASSED50, which would have produced none; the affected colonies are flagged.
 */
export function fitGroupColonies(
  group: GroupInput,
  options: {
    fit?: EdFitMode;
    intervals?: boolean;
    model?: EdModel;
    /** drm's lowerl / upperl (LL.3 only; decision 0034). */
    bounds?: ParameterBounds;
  } = {},
): GroupFit {
  const { bounds } = options;
  if (options.fit === 'per-colony') {
    return { colonies: fitEachColony(group, bounds), modelFit: null };
  }
  const model = options.model ?? DEFAULT_ED_MODEL;
  if (model !== DEFAULT_ED_MODEL) return fitGroupWithFamily(group, model);
  const intervals = options.intervals === true;
  const colonies = coloniesInOrder(group.rows);
  let fit: DrmLl3Fit | null = null;
  let fitted: Colony[] = [];
  for (;;) {
    fitted = colonies.filter((colony) => colony.exclusion === null);
    if (fitted.length === 0) break;
    try {
      fit = fitDrmLl3(drmRows(group.rows, fitted), {
        ...(intervals ? { hessian: 'if-possible' as const } : {}),
        ...(bounds ? { bounds } : {}),
      });
      break;
    } catch (error) {
      if (!(error instanceof DrmFitError)) throw error;
      const culprits = error.curveIndex === undefined ? fitted : [fitted[error.curveIndex]!];
      for (const colony of culprits) colony.exclusion = fitFailure(error, colony);
    }
  }

  const excluded = colonies.filter((colony) => colony.exclusion !== null);
  const context = groupContext(group.rows, fit);
  const df = fit === null ? 0 : fit.observationCount - 3 * fitted.length;
  const covariance =
    intervals && fit?.hessian && df > 0
      ? drcVcov(fit.hessian, fit.rss, df, 3 * fitted.length)
      : null;
  // drm's coef(fit): drc picks each curve's covariance block by these values (ed-delta.ts).
  const coefficients = fit ? Float64Array.of(...fit.hill, ...fit.max, ...fit.ed50) : undefined;
  const modelFit =
    fit === null
      ? null
      : groupModelFit(DEFAULT_ED_MODEL, fitted.length, fit.observationCount, 3, fit.rss);
  const results = colonies.map((colony): ColonyEdResult => {
    const curve = fit === null ? -1 : fitted.indexOf(colony);
    const base = baseResult(group, colony);
    if (fit === null || curve < 0) return { ...base, flags: [colony.exclusion!] };
    const hill = fit.hill[curve]!;
    const curveValues = {
      hill,
      max: fit.max[curve]!,
      ed: effectiveDoses(hill, fit.ed50[curve]!),
      convergence: fit.convergence,
    };
    const assessment = assessColony(colony.stats, curveValues, context);
    const flags = [...assessment.flags];
    const atBound =
      bounds && boundFlag(bounds, { b: hill, d: curveValues.max, e: fit.ed50[curve]! });
    if (atBound) flags.push(atBound);
    if (excluded.length > 0) flags.push(jointFitNote(group.groupingProperty, excluded));
    const result: ColonyEdResult = {
      ...base,
      status: 'fitted',
      hill,
      max: curveValues.max,
      rss: fit.curveRss[curve]!,
      start: fit.start[curve]!,
      convergence: fit.convergence,
      functionEvaluations: fit.functionEvaluations,
      flags,
    };
    // ED(fit, interval = "delta") on the joint fit: the colony's block of the whole covariance.
    const limits = intervals
      ? edDeltaIntervals(
          hill,
          fit.ed50[curve]!,
          curveValues.ed,
          covariance && curveCovariance(covariance, fitted.length, curve, coefficients),
          df,
        )
      : null;
    for (const kind of THRESHOLD_KINDS) {
      result[kind] = estimate(curveValues.ed[kind], assessment.reportable[kind]);
      if (limits) result[kind].interval = limits[kind];
    }
    return result;
  });
  return { colonies: results, modelFit };
}

/** A group's colony results and, for a joint fit, the fit's AIC. */
export interface GroupFit {
  colonies: ColonyEdResult[];
  modelFit: GroupModelFit | null;
}

function groupModelFit(
  model: EdModel,
  colonyCount: number,
  observationCount: number,
  parametersPerColony: number,
  rss: number,
): GroupModelFit {
  const parameterCount = parametersPerColony * colonyCount;
  return {
    model,
    colonyCount,
    observationCount,
    parameterCount,
    rss,
    ...drcInformation(rss, observationCount, parameterCount),
  };
}

/**
 * The joint fit with another drc family (decision 0030): the same procedure as the LL.3 joint
 * fit above (colonies that cannot be fitted are left out with their reason, the others refitted
 * jointly), `drm(Pam_value ~ Temperature, curveid = Genotype, fct = <family>())` through
 * family-fit.ts, and ED5/ED50/ED95 with the family's own inversion. The checks of
 * ed50-algorithm §9 read b (sign-adjusted for W2.3, which falls for b < 0) as the Hill slope and
 * d as the maximum.
 */
function fitGroupWithFamily(group: GroupInput, model: EdModel): GroupFit {
  const family = MODEL_FAMILIES[model];
  const colonies = coloniesInOrder(group.rows);
  let fit: DrmFamilyFit | null = null;
  let fitted: Colony[] = [];
  for (;;) {
    fitted = colonies.filter((colony) => colony.exclusion === null);
    if (fitted.length === 0) break;
    try {
      fit = fitDrmFamily(model, drmRows(group.rows, fitted));
      break;
    } catch (error) {
      if (!(error instanceof DrmFitError)) throw error;
      const culprits = error.curveIndex === undefined ? fitted : [fitted[error.curveIndex]!];
      for (const colony of culprits) colony.exclusion = fitFailure(error, colony);
    }
  }
  const excluded = colonies.filter((colony) => colony.exclusion !== null);
  const curves: [number, number][] =
    fit?.parameters.map((p) => [family.fallingSign * p.b, p.d]) ?? [];
  const context: GroupContext = {
    ...groupContext(group.rows, null),
    medianMax: medianFallingMax(curves),
  };
  const modelFit =
    fit === null
      ? null
      : {
          model,
          colonyCount: fitted.length,
          observationCount: fit.observationCount,
          parameterCount: fit.parameterCount,
          rss: fit.rss,
          logLik: fit.logLik,
          aic: fit.aic,
        };
  const results = colonies.map((colony): ColonyEdResult => {
    const curve = fit === null ? -1 : fitted.indexOf(colony);
    const base = baseResult(group, colony);
    if (fit === null || curve < 0) return { ...base, flags: [colony.exclusion!] };
    const parameters = fit.parameters[curve]!;
    const ed = modelEffectiveDoses(family.kind, parameters);
    const assessment = assessColony(
      colony.stats,
      {
        hill: family.fallingSign * parameters.b,
        max: parameters.d,
        ed,
        convergence: fit.convergence,
      },
      context,
    );
    const flags = [...assessment.flags];
    if (excluded.length > 0) flags.push(jointFitNote(group.groupingProperty, excluded));
    const result: ColonyEdResult = {
      ...base,
      status: 'fitted',
      hill: parameters.b,
      max: parameters.d,
      rss: fit.curveRss[curve]!,
      start: null,
      convergence: fit.convergence,
      functionEvaluations: fit.functionEvaluations,
      flags,
      parameters,
      startParameters: fit.start[curve]!,
      model,
    };
    for (const kind of THRESHOLD_KINDS) {
      result[kind] = estimate(ed[kind], assessment.reportable[kind]);
    }
    return result;
  });
  return { colonies: results, modelFit };
}

/**
 * The per-colony option (issue 15 part 3): every colony fitted alone, as
 * `drm(Pam_value ~ Temperature, data = <its rows>, fct = LL.3())` would fit it: its own
 * scaling, self-start and optimisation (a single curve, so drm converts no start value), with
 * `ED(fit, c(5, 50, 95), interval = "delta")` for each ED's SE and 95 % interval. drm always
 * asks optim for the Hessian, and a failure there fails the fit, so it is computed here too.
 * The per-colony checks of §9 are the same as for the joint fit.
 */
function fitEachColony(group: GroupInput, bounds?: ParameterBounds): ColonyEdResult[] {
  const colonies = coloniesInOrder(group.rows);
  const fits = colonies.map((colony): DrmLl3Fit | null => {
    if (colony.exclusion !== null) return null;
    try {
      return fitDrmLl3(
        {
          curveCount: 1,
          curve: colony.rows.map(() => 0),
          temperature: colony.rows.map((row) => row.temperature),
          response: colony.rows.map((row) => row.pamValue),
        },
        bounds ? { hessian: true, bounds } : { hessian: true },
      );
    } catch (error) {
      if (!(error instanceof DrmFitError)) throw error;
      colony.exclusion = fitFailure(error, colony, 'per-colony');
      return null;
    }
  });
  const context = {
    ...groupContext(group.rows, null),
    medianMax: medianFallingMax(fits.flatMap((fit) => (fit ? [[fit.hill[0]!, fit.max[0]!]] : []))),
  };
  return colonies.map((colony, index) => {
    const fit = fits[index];
    const base = baseResult(group, colony);
    if (!fit) return { ...base, flags: [colony.exclusion!] };
    const hill = fit.hill[0]!;
    const ed50 = fit.ed50[0]!;
    const curveValues = {
      hill,
      max: fit.max[0]!,
      ed: effectiveDoses(hill, ed50),
      convergence: fit.convergence,
    };
    const df = fit.observationCount - 3;
    const covariance = df > 0 && fit.hessian ? drcVcov(fit.hessian, fit.rss, df) : null;
    const intervals = edDeltaIntervals(hill, ed50, curveValues.ed, covariance, df);
    const assessment = assessColony(colony.stats, curveValues, context, 'per-colony');
    const atBound = bounds && boundFlag(bounds, { b: hill, d: curveValues.max, e: ed50 });
    const result: ColonyEdResult = {
      ...base,
      status: 'fitted',
      hill,
      max: curveValues.max,
      rss: fit.curveRss[0]!,
      start: fit.start[0]!,
      convergence: fit.convergence,
      functionEvaluations: fit.functionEvaluations,
      flags: atBound ? [...assessment.flags, atBound] : assessment.flags,
    };
    for (const kind of THRESHOLD_KINDS) {
      result[kind] = {
        ...estimate(curveValues.ed[kind], assessment.reportable[kind]),
        interval: intervals[kind],
      };
    }
    return result;
  });
}

function estimate(raw: number, reportable: boolean): EdEstimate {
  const value = reportable && Number.isFinite(raw) ? raw : null;
  return { raw, value, rounded: value === null ? null : roundR(value, 2) };
}

/** Colonies (genotypes) in order of first appearance, with the exclusions known before fitting. */
function coloniesInOrder(rows: readonly CbassRow[]): Colony[] {
  const byGenotype = new Map<string, CbassRow[]>();
  for (const row of rows) {
    const list = byGenotype.get(row.genotype);
    if (list) list.push(row);
    else byGenotype.set(row.genotype, [row]);
  }
  return [...byGenotype].map(([genotype, colonyRows]) => {
    const stats = colonyStats(
      colonyRows.map((r) => r.temperature),
      colonyRows.map((r) => r.pamValue),
    );
    return { genotype, rows: colonyRows, stats, exclusion: exclusionBeforeFit(stats) };
  });
}

function exclusionBeforeFit(stats: ColonyStats): ColonyFlag | null {
  const stop = 'CBASSED50 would stop the whole file here; this colony is skipped instead.';
  if (stats.temperatures.length === 1) {
    return {
      code: 'single_temperature',
      message: `Only one temperature (${noteCelsius(stats.minTemperature)}) was measured for this colony; a curve needs at least 3 (CBASS uses 4). ${stop}`,
    };
  }
  if (stats.constantResponse) {
    return {
      code: 'constant_response',
      message: `All ${stats.nObservations} PAM values of this colony are equal, so no curve can be fitted and there are no ED values. ${stop}`,
    };
  }
  return null;
}

function fitFailure(error: DrmFitError, colony: Colony, fit: EdFitMode = 'joint'): ColonyFlag {
  if (
    error.selfStartFailure === 'constant_response' ||
    error.selfStartFailure === 'single_temperature'
  ) {
    return exclusionBeforeFit(colony.stats)!;
  }
  const reason =
    error.selfStartFailure !== undefined
      ? 'no starting values could be computed from these responses'
      : error.message;
  return {
    code: 'fit_failed',
    message:
      fit === 'joint'
        ? `The curve fit failed for this colony (${reason}), so there are no ED values. CBASSED50 would stop the whole file here.`
        : `The curve fit of this colony alone failed (${reason}), so there are no ED values.`,
  };
}

function jointFitNote(groupingProperty: string, excluded: readonly Colony[]): ColonyFlag {
  const names = excluded.map((colony) => colony.genotype).join(', ');
  return {
    code: 'joint_fit_without_excluded',
    message: `Fitted jointly with the other colonies of ${groupingProperty} except ${names}, which could not be fitted. CBASSED50 would have stopped with an error on this group, so these values have no CBASSED50 counterpart.`,
  };
}

/** drm's input: the group's rows of the fitted colonies, file order, curve = colony index. */
function drmRows(rows: readonly CbassRow[], fitted: readonly Colony[]) {
  const curveOf = new Map(fitted.map((colony, index) => [colony.genotype, index]));
  const kept = rows.filter((row) => curveOf.has(row.genotype));
  return {
    curveCount: fitted.length,
    curve: kept.map((row) => curveOf.get(row.genotype)!),
    temperature: kept.map((row) => row.temperature),
    response: kept.map((row) => row.pamValue),
  };
}

function groupContext(rows: readonly CbassRow[], fit: DrmLl3Fit | null): GroupContext {
  const curves: [number, number][] = [];
  if (fit) fit.hill.forEach((hill, i) => curves.push([hill, fit.max[i]!]));
  return {
    medianMax: medianFallingMax(curves),
    fvFmScale: rows.every((row) => row.pamValue >= 0 && row.pamValue <= 1),
  };
}

/** Median Max of the curves (Hill, Max) that fall with temperature; null below 3 of them. */
function medianFallingMax(curves: readonly (readonly [number, number])[]): number | null {
  const falling = curves.filter(([hill]) => hill > 0).map(([, max]) => max);
  return falling.length >= 3 ? rMedian(falling) : null;
}

function baseResult(group: GroupInput, colony: Colony): ColonyEdResult {
  const fields: Omit<ColonyEdResult, ThresholdKind> = {
    groupingProperty: group.groupingProperty,
    key: `${group.groupingProperty}_${colony.genotype}`,
    genotype: colony.genotype,
    groupValues: group.groupValues,
    status: 'excluded',
    hill: null,
    max: null,
    rss: null,
    start: null,
    nObservations: colony.stats.nObservations,
    nTemperatures: colony.stats.temperatures.length,
    minTemperature: colony.stats.minTemperature,
    maxTemperature: colony.stats.maxTemperature,
    convergence: null,
    functionEvaluations: null,
    flags: [],
  };
  return Object.assign(fields, NO_EDS);
}
