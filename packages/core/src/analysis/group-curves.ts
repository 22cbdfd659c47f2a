import { computeEds } from '../ed50/compute-eds';
import { groupingValue } from '../ed50/grouping';
import type { CbassRow } from '../ed50/types';
import { compareCurveEds, type CurvePair } from './curve-comparison';

export interface GroupCurveComparison {
  /** Each group's curve: its ED50 (drc's e) and SE in the fit with a curve per group. */
  curves: { name: string; estimate: number; se: number }[];
  dfResidual: number;
  ratios: CurvePair[];
  differences: CurvePair[];
}

export type GroupCurveComparisonResult =
  { comparison: GroupCurveComparison; reason: null } | { comparison: null; reason: string };

/**
 * The ED50 of groups compared as CBASS studies do with drc (decision 0061): one LL.3 fit through
 * all rows with a curve per group, `drm(Pam ~ Temperature, curveid = group, fct = LL.3())`, then
 * `compParm(fit, "e", "/")` and `"-"`. The fit is the calculator's joint fit, each group taking
 * the place of a colony, so its parameters and delta-method SEs are drc's.
 */
export function compareGroupCurves(
  rows: readonly CbassRow[],
  grouping: readonly string[],
): GroupCurveComparisonResult {
  const curveRows = rows.map((row) => {
    const group = grouping.map((column) => groupingValue(row, column)).join('_');
    return { ...row, genotype: group, values: { ...row.values, Genotype: group } };
  });
  const computation = computeEds(curveRows, { grouping: [], curves: false, intervals: true });
  if (computation.errors.length > 0) {
    return { comparison: null, reason: computation.errors.join(' ') };
  }
  const fitted = computation.colonies.filter(
    (colony) => colony.status === 'fitted' && colony.ed50.value !== null && colony.ed50.interval,
  );
  if (fitted.length < 2 || fitted.length < computation.colonies.length) {
    const missing = computation.colonies.filter((colony) => !fitted.includes(colony));
    return {
      comparison: null,
      reason:
        fitted.length < 2
          ? 'At least two groups with a fitted curve are needed.'
          : `No ED50 with a standard error for ${missing.map((colony) => colony.genotype).join(', ')}: the curves cannot be compared.`,
    };
  }
  const curves = fitted.map((colony) => ({
    name: colony.genotype,
    estimate: colony.ed50.value!,
    se: colony.ed50.interval!.se,
  }));
  const observations = fitted.reduce((sum, colony) => sum + colony.nObservations, 0);
  const dfResidual = observations - 3 * curves.length;
  return {
    comparison: {
      curves,
      dfResidual,
      ratios: compareCurveEds(curves, dfResidual, '/'),
      differences: compareCurveEds(curves, dfResidual, '-'),
    },
    reason: null,
  };
}
