import { THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { assessColony, type GroupContext } from './colony-flags';
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
import { DrmFitError } from './drm-fit';
import { curveCovariance, drcVcov, familyEdDeltaIntervals } from './ed-delta';
import { fitDrmFamily, type DrmFamilyFit } from './family-fit';
import { MODEL_FAMILIES, modelEffectiveDoses, type EdModel } from './model-families';
import type { ColonyEdResult, GroupModelFit } from './types';

/** A group's colony results and, for a joint fit, the fit's AIC. */
export interface GroupFit {
  colonies: ColonyEdResult[];
  modelFit: GroupModelFit | null;
}

/**
 * The joint fit with another drc family (decision 0030): the same procedure as the LL.3 joint
 * fit above (colonies that cannot be fitted are left out with their reason, the others refitted
 * jointly), `drm(Pam_value ~ Temperature, curveid = Genotype, fct = <family>())` through
 * family-fit.ts, and ED5/ED50/ED95 with the family's own inversion. The checks of
 * ed50-algorithm §9 read b (sign-adjusted for W2.3, which falls for b < 0) as the Hill slope and
 * d as the maximum. With `intervals`, `ED(fit, c(5, 50, 95), interval = "delta")` as for LL.3:
 * drc's vcov of the whole fit (m parameters per colony) and each colony's m × m block.
 */
export function fitGroupWithFamily(
  group: GroupInput,
  model: EdModel,
  intervals: boolean,
): GroupFit {
  const family = MODEL_FAMILIES[model];
  const colonies = coloniesInOrder(group.rows);
  let fit: DrmFamilyFit | null = null;
  let fitted: Colony[] = [];
  for (;;) {
    fitted = colonies.filter((colony) => colony.exclusion === null);
    if (fitted.length === 0) break;
    try {
      fit = fitDrmFamily(
        model,
        drmRows(group.rows, fitted),
        intervals ? { hessian: 'if-possible' } : {},
      );
      break;
    } catch (error) {
      if (!(error instanceof DrmFitError)) throw error;
      const culprits = error.curveIndex === undefined ? fitted : [fitted[error.curveIndex]!];
      for (const colony of culprits) colony.exclusion = fitFailure(error, colony);
    }
  }
  const excluded = colonies.filter((colony) => colony.exclusion !== null);
  const m = family.free.length;
  const df = fit === null ? 0 : fit.observationCount - fit.parameterCount;
  const covariance =
    intervals && fit?.hessian && df > 0
      ? drcVcov(fit.hessian, fit.rss, df, fit.parameterCount)
      : null;
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
      'joint',
      colony.genotype,
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
    const limits = intervals
      ? familyEdDeltaIntervals(
          family,
          parameters,
          ed,
          covariance && curveCovariance(covariance, fitted.length, curve, m),
          df,
        )
      : null;
    for (const kind of THRESHOLD_KINDS) {
      result[kind] = estimate(ed[kind], assessment.reportable[kind]);
      if (limits) result[kind].interval = limits[kind];
    }
    return result;
  });
  return { colonies: results, modelFit };
}

/**
 * The per-colony fit with another drc family: every colony alone, as
 * `drm(Pam_value ~ Temperature, data = <its rows>, fct = <family>())` fits it (its own scaling
 * for the log-logistic families, self-start, no start conversion for a single curve, R's BFGS,
 * and the Hessian, whose failure fails drm), with `ED(fit, c(5, 50, 95), interval = "delta")`.
 * The checks of §9 as for the family's joint fit.
 */
export function fitEachColonyWithFamily(group: GroupInput, model: EdModel): ColonyEdResult[] {
  const family = MODEL_FAMILIES[model];
  const colonies = coloniesInOrder(group.rows);
  const fits = colonies.map((colony): DrmFamilyFit | null => {
    if (colony.exclusion !== null) return null;
    try {
      return fitDrmFamily(
        model,
        {
          curveCount: 1,
          curve: colony.rows.map(() => 0),
          temperature: colony.rows.map((row) => row.temperature),
          response: colony.rows.map((row) => row.pamValue),
        },
        { hessian: true },
      );
    } catch (error) {
      if (!(error instanceof DrmFitError)) throw error;
      colony.exclusion = fitFailure(error, colony, 'per-colony');
      return null;
    }
  });
  const context: GroupContext = {
    ...groupContext(group.rows, null),
    medianMax: medianFallingMax(
      fits.flatMap((fit) =>
        fit ? [[family.fallingSign * fit.parameters[0]!.b, fit.parameters[0]!.d] as const] : [],
      ),
    ),
  };
  return colonies.map((colony, index) => {
    const fit = fits[index];
    const base = baseResult(group, colony);
    if (!fit) return { ...base, flags: [colony.exclusion!] };
    const parameters = fit.parameters[0]!;
    const ed = modelEffectiveDoses(family.kind, parameters);
    const df = fit.observationCount - fit.parameterCount;
    const covariance =
      df > 0 && fit.hessian ? drcVcov(fit.hessian, fit.rss, df, fit.parameterCount) : null;
    const intervals = familyEdDeltaIntervals(family, parameters, ed, covariance, df);
    const assessment = assessColony(
      colony.stats,
      {
        hill: family.fallingSign * parameters.b,
        max: parameters.d,
        ed,
        convergence: fit.convergence,
      },
      context,
      'per-colony',
      colony.genotype,
    );
    const result: ColonyEdResult = {
      ...base,
      status: 'fitted',
      hill: parameters.b,
      max: parameters.d,
      rss: fit.curveRss[0]!,
      start: null,
      convergence: fit.convergence,
      functionEvaluations: fit.functionEvaluations,
      flags: assessment.flags,
      parameters,
      startParameters: fit.start[0]!,
      model,
    };
    for (const kind of THRESHOLD_KINDS) {
      result[kind] = {
        ...estimate(ed[kind], assessment.reportable[kind]),
        interval: intervals[kind],
      };
    }
    return result;
  });
}
