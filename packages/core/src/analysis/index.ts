/**
 * Post-fit analyses of per-colony ED values (`@coral/core/analysis`, decision 0061), each as R
 * gives it: relative tolerance and the regression on MMM, factorial ANOVA with marginal means and
 * Tukey contrasts, Welch's ANOVA, Levene's test, pairwise Wilcoxon tests with compact letters and
 * the screening of influential colonies by Cook's distance.
 */
export {
  regressOnMmm,
  relativeTolerance,
  type EdWithMmm,
  type MmmRegression,
} from './relative-tolerance';
export type { FactorialData, FactorialObservation } from './factorial-design';
export { factorialAnova, type AnovaRow, type AnovaResult } from './factorial-anova';
export {
  marginalMeans,
  type MarginalContrast,
  type MarginalMean,
  type MarginalMeans,
} from './marginal-means';
export { leveneTest, onewayAnova, welchAnova, type FTest, type FTestResult } from './oneway-tests';
export { isPAdjustMethod, pAdjust, P_ADJUST_METHODS, type PAdjustMethod } from './p-adjust';
export { pairwiseWilcoxon, type PairwiseWilcoxon, type WilcoxonPair } from './pairwise-wilcoxon';
export { wilcoxonRankSum, type WilcoxonTest } from './wilcoxon';
export { compactLetters, type PairwiseP } from './compact-letters';
export {
  screenInfluentialColonies,
  type ColonyInfluence,
  type InfluenceScreening,
} from './influential-colonies';
export type { ValueGroup } from './groups';
export {
  analyseComputation,
  factorsProblem,
  type AnalysesByKind,
  type ComputedAnalysesOptions,
  type FactorialAnalyses,
  type KindAnalyses,
} from './computed-analyses';
export { formatAnalysesCsv } from './format-analyses-csv';
export { compareCurveEds, type CurveEd, type CurvePair } from './curve-comparison';
export { compareGroupCurves, type GroupCurveComparison } from './group-curves';
export {
  mmmValueProblem,
  readMmmTable,
  readTypedMmm,
  type MmmTable,
  type MmmTableResult,
} from './mmm-table';
export { analyseMmm, mmmKeys, mmmTableProblems, type KindMmmAnalyses } from './computed-mmm';
export {
  analysesRScript,
  observedAnalysesRScript,
  R_SCRIPT_RESULTS_FILE,
  type ExportedFile,
} from './analyses-r-script';
export {
  analyseObservations,
  ED_SCALES,
  summarise,
  type EdScale,
  type GroupSummary,
  type ObservedAnalyses,
  type ObservedAnalysesOptions,
  type ObservedEd,
  type ValueSummary,
} from './observed-analyses';
export { analysesRArchive, ANALYSES_R_ARCHIVE } from './analyses-r-archive';
