import {
  factorsProblem,
  isPAdjustMethod,
  P_ADJUST_METHODS,
  type PAdjustMethod,
} from '@coral/core/analysis';
import type { EdComputation } from '@coral/core/ed50';

export interface AnalysisChoices {
  /** None, one or two of the computation's grouping columns (`--factors`). */
  factors: string[];
  /** p adjustment of the pairwise Wilcoxon tests (`--p-adjust`). */
  pAdjust: PAdjustMethod;
}

export const DEFAULT_ANALYSIS_CHOICES: AnalysisChoices = { factors: [], pAdjust: 'holm' };

/**
 * Why the analyses cannot run with these choices (decision 0068), or null: core's message for
 * factors (`factorsProblem`; no factor at all is allowed and leaves out the factorial part), or a
 * p adjustment R's `p.adjust` does not know. The page checks before it asks, the worker again.
 */
export function analysisChoicesProblem(
  computation: EdComputation,
  { factors, pAdjust }: AnalysisChoices,
): string | null {
  const problem = factors.length > 0 ? factorsProblem(computation, factors) : null;
  if (problem) return problem;
  if (!isPAdjustMethod(pAdjust)) {
    return `"${String(pAdjust)}" is not a p-value adjustment: choose one of ${P_ADJUST_METHODS.join(', ')}.`;
  }
  return null;
}
