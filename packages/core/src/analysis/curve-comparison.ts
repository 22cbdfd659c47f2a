import { studentTCdf } from './distributions';

/** One curve's ED (for LL.3, its parameter e) with its standard error from the joint fit. */
export interface CurveEd {
  name: string;
  estimate: number;
  se: number;
}

/** One pair of curves, as a row of drc's `compParm(fit, "e", operator)`. */
export interface CurvePair {
  /** drc's label: "A/B" or "A-B". */
  pair: string;
  curve: string;
  other: string;
  /** Ratio or difference of the two EDs. */
  estimate: number;
  se: number;
  /** (ratio − 1) / SE, or difference / SE. */
  t: number;
  /** Two-sided p value with the joint fit's residual degrees of freedom. */
  p: number;
}

/**
 * ED parameters compared between the curves of one drc fit with a curve per group, as
 * `compParm(drm(y ~ x, curveid = group, fct = LL.3()), "e", "/" | "-")` gives them (decision
 * 0061): every curve against each later one, the ratio (tested against 1) or the difference
 * (against 0), its delta-method standard error and a t test with the fit's residual df. The
 * curves' parameters are separate, so their covariances are zero (drc's numerical Hessian gives
 * about 1e-11) and each pair's variance is built from the two curves' own SEs.
 */
export function compareCurveEds(
  curves: readonly CurveEd[],
  dfResidual: number,
  operator: '/' | '-',
): CurvePair[] {
  const pairs: CurvePair[] = [];
  for (let i = 0; i < curves.length; i++) {
    for (let j = i + 1; j < curves.length; j++) {
      const a = curves[i]!;
      const b = curves[j]!;
      const estimate = operator === '/' ? a.estimate / b.estimate : a.estimate - b.estimate;
      const se =
        operator === '/'
          ? Math.sqrt(
              (a.se / b.estimate) ** 2 + ((a.estimate * b.se) / (b.estimate * b.estimate)) ** 2,
            )
          : Math.sqrt(a.se * a.se + b.se * b.se);
      const t = (operator === '/' ? estimate - 1 : estimate) / se;
      pairs.push({
        pair: `${a.name}${operator}${b.name}`,
        curve: a.name,
        other: b.name,
        estimate,
        se,
        t,
        p: 2 * studentTCdf(Math.abs(t), dfResidual, false),
      });
    }
  }
  return pairs;
}
