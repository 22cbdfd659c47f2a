import { THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { assessColony } from './colony-flags';
import {
  baseResult,
  coloniesInOrder,
  drmRows,
  estimate,
  fitFailure,
  groupContext,
  jointFitNote,
  medianFallingMax,
  type Colony,
  type GroupInput,
} from './colony-setup';
import { DrmFitError, fitDrmLl3, type DrmLl3Fit } from './drm-fit';
import { curveCovariance, drcVcov, edDeltaIntervals } from './ed-delta';
import { effectiveDoses } from './ed-values';
import { boundFlag, type ParameterBounds } from './parameter-bounds';
import { drcInformation } from './family-fit';
import { fitEachColonyWithFamily, fitGroupWithFamily, type GroupFit } from './fit-group-family';
import { DEFAULT_ED_MODEL, type EdModel } from './model-families';
import type { ColonyEdResult, EdFitMode, GroupModelFit } from './types';

export { NO_EDS, type GroupInput } from './colony-setup';
export type { GroupFit } from './fit-group-family';

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
  const model = options.model ?? DEFAULT_ED_MODEL;
  if (options.fit === 'per-colony') {
    const colonies =
      model === DEFAULT_ED_MODEL
        ? fitEachColony(group, bounds)
        : fitEachColonyWithFamily(group, model);
    return { colonies, modelFit: null };
  }
  const intervals = options.intervals === true;
  if (model !== DEFAULT_ED_MODEL) return fitGroupWithFamily(group, model, intervals);
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
    const assessment = assessColony(colony.stats, curveValues, context, 'joint', colony.genotype);
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
          covariance && curveCovariance(covariance, fitted.length, curve, 3, coefficients),
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
 * The per-colony option (decision 0027): every colony fitted alone, as
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
    const assessment = assessColony(
      colony.stats,
      curveValues,
      context,
      'per-colony',
      colony.genotype,
    );
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
