import { perKind } from '../ed50/ed-kinds';
import type { EdComputation } from '../ed50/types';
import type { ThresholdKind } from '../thresholds/threshold-kinds';
import { factorialAnova, type AnovaResult } from './factorial-anova';
import type { FactorialData, FactorialObservation } from './factorial-design';
import type { ValueGroup } from './groups';
import { screenInfluentialColonies, type InfluenceScreeningResult } from './influential-colonies';
import { marginalMeans, type MarginalMeansResult } from './marginal-means';
import { leveneTest, welchAnova, type FTestResult } from './oneway-tests';
import type { PAdjustMethod } from './p-adjust';
import { pairwiseWilcoxon, type PairwiseWilcoxonResult } from './pairwise-wilcoxon';

/** The factorial part: ANOVA, marginal means per factor and Cook's screening. */
export interface FactorialAnalyses {
  factors: string[];
  typeII: AnovaResult;
  typeIII: AnovaResult;
  means: MarginalMeansResult[];
  influence: InfluenceScreeningResult;
  /** Colony keys in the order of the screening's indices. */
  colonyKeys: string[];
}

/** A factorial observation with the key of its colony (the screening lists colonies by key). */
export interface KeyedObservation extends FactorialObservation {
  key: string;
}

/** Every post-fit analysis of one threshold kind of a computation. */
export interface KindAnalyses {
  welch: FTestResult;
  levene: FTestResult;
  wilcoxon: PairwiseWilcoxonResult;
  /** Null when no factors were asked for. */
  factorial: FactorialAnalyses | null;
}

/** Every threshold kind's analyses, as `analyseComputation` returns them. */
export type AnalysesByKind = Record<ThresholdKind, KindAnalyses>;

export interface ComputedAnalysesOptions {
  /**
   * One or two of the computation's grouping columns for the factorial ANOVA (e.g. Site,
   * Species); none: no factorial part.
   */
  factors?: readonly string[];
  /** p-value adjustment of the pairwise Wilcoxon tests (default holm, R's default). */
  pAdjust?: PAdjustMethod;
  /** Full-precision EDs instead of the 2-decimal values the summary uses. */
  unrounded?: boolean;
}

/** Why the factors cannot be used with this computation, or null. */
export function factorsProblem(
  computation: EdComputation,
  factors: readonly string[],
): string | null {
  if (factors.length < 1 || factors.length > 2) return 'Give one or two factors.';
  const unknown = factors.filter((factor) => !computation.grouping.includes(factor));
  if (unknown.length > 0) {
    return `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not among the grouping columns (${computation.grouping.join(', ')}): a factor must be one of them.`;
  }
  if (new Set(factors).size < factors.length) return 'The factors must differ.';
  return null;
}

/**
 * The calculator's post-fit analyses (decision 0061) on a computation's per-colony EDs, for each
 * threshold kind: Welch's ANOVA, Levene's test and pairwise Wilcoxon tests with letters between
 * its groups, and, given factors, the factorial ANOVA (type II and III), marginal means with
 * Tukey contrasts and Cook's screening. Colonies without a value are left out, as R's lm does.
 */
export function analyseComputation(
  computation: EdComputation,
  options: ComputedAnalysesOptions = {},
): Record<ThresholdKind, KindAnalyses> {
  const factors = [...(options.factors ?? [])];
  const problem = factors.length > 0 ? factorsProblem(computation, factors) : null;
  if (problem) throw new Error(problem);
  const valueOf = (colony: EdComputation['colonies'][number], kind: ThresholdKind) =>
    options.unrounded ? colony[kind].value : colony[kind].rounded;
  return perKind((kind) => {
    const colonies = computation.colonies.filter((colony) => valueOf(colony, kind) !== null);
    return analyseKind(
      computation.groups.map((group) => ({
        name: group.groupingProperty,
        values: group.colonies
          .map((colony) => valueOf(colony, kind))
          .filter((value): value is number => value !== null),
      })),
      factors.length === 0
        ? null
        : {
            factors,
            observations: colonies.map((colony) => ({
              key: colony.key,
              value: valueOf(colony, kind)!,
              levels: factors.map((factor) => colony.groupValues[factor] ?? ''),
            })),
          },
      options.pAdjust ?? 'holm',
    );
  });
}

/**
 * Every analysis of one threshold kind from plain values (decision 0061): the groups for the
 * one-way tests and letters, and (given) the keyed observations with their factor levels for the
 * factorial part. The calculator's computation and the Compare page's platform data
 * (`observed-analyses.ts`) both come through here, so each statistic is computed in one place.
 */
export function analyseKind(
  groups: readonly ValueGroup[],
  factorialData: { factors: readonly string[]; observations: readonly KeyedObservation[] } | null,
  pAdjust: PAdjustMethod,
): KindAnalyses {
  let factorial: FactorialAnalyses | null = null;
  if (factorialData !== null) {
    const data: FactorialData = {
      factors: factorialData.factors,
      observations: factorialData.observations.filter((o) => Number.isFinite(o.value)),
    };
    factorial = {
      factors: [...data.factors],
      typeII: factorialAnova(data, 2),
      typeIII: factorialAnova(data, 3),
      means: data.factors.map((factor) => marginalMeans(data, factor)),
      influence: screenInfluentialColonies(data),
      colonyKeys: factorialData.observations
        .filter((o) => Number.isFinite(o.value))
        .map((o) => o.key),
    };
  }
  return {
    welch: welchAnova(groups),
    levene: leveneTest(groups),
    wilcoxon: pairwiseWilcoxon(groups, pAdjust),
    factorial,
  };
}
