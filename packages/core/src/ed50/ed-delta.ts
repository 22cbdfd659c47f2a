import { THRESHOLD_KIND_INFO, type ThresholdKind } from '../thresholds/threshold-kinds';
import { MIDPOINT_LEVEL, perKind } from './ed-kinds';
import { glibcExp, glibcLog } from './r-numerics/glibc-exp-log';
import { conditionNumber, invert, invertPositiveDefinite } from './r-numerics/small-matrix';
import { studentTQuantile } from './r-numerics/student-t';
import type { EdInterval } from './types';

const EPSILON = 2.220446049250313e-16;

/**
 * drc's `vcov()` of a single-curve LL.3 fit (vcov.drc → vcCont): solve(H / (2 s²)) with
 * s² = RSS / df; when solve() finds it singular, chol2inv(chol(.)), else chol2inv of
 * chol(0.99 · H / (2 s²) + 0.01 · I). `hessian` is optim's Hessian in original units, row-major.
 */
export function drcVcov(
  hessian: Float64Array,
  rss: number,
  df: number,
  n = 3,
): Float64Array | null {
  const scaled = hessian.map((h) => h / (2 * (rss / df)));
  const inverse = invert(scaled, n);
  if (inverse && conditionNumber(scaled, inverse, n) < 1 / EPSILON) return inverse;
  const viaCholesky = invertPositiveDefinite(scaled, n);
  if (viaCholesky) return viaCholesky;
  return invertPositiveDefinite(
    scaled.map((h, i) => 0.99 * h + (i % (n + 1) === 0 ? 0.01 : 0)),
    n,
  );
}

/**
 * Curve `curve`'s 3 × 3 block (Hill, Max, ED50) of the covariance of a joint fit of `k` curves,
 * whose parameters are ordered by block: all Hills, all Maxes, all ED50s (drm's order).
 *
 * drc picks the block by value, not by position: drm's `indexMat` is
 * `match(<the curve's parameters>, coef(fit))`, the first coefficient *equal* to each. Fitted
 * values never coincide without bounds, but with them several curves can end exactly on the same
 * bound (b = 100, say), and drc then reads every such curve's Hill variance and covariances from
 * the first of them. `coefficients` (original units, drm's order) reproduces that choice.
 */
export function curveCovariance(
  covariance: Float64Array,
  k: number,
  curve: number,
  coefficients?: Float64Array,
): Float64Array {
  const n = 3 * k;
  const index = [curve, k + curve, 2 * k + curve].map((i) => {
    // R's match() also finds NaN, which indexOf never does: keep the position then.
    const first = coefficients ? coefficients.indexOf(coefficients[i]!) : -1;
    return first < 0 ? i : first;
  });
  const block = new Float64Array(9);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) block[i * 3 + j] = covariance[index[i]! * n + index[j]!]!;
  }
  return block;
}

/**
 * `ED(fit, c(5, 50, 95), interval = "delta")` for one LL.3 curve (drc's llogistic edfct with
 * f = 1, type "relative"): the standard error √(∇EDᵀ V ∇ED) and ED ∓ qt(0.975, df) · SE, with
 * ∇ED = ED · (−log(exp(−t) − 1) / b², 0, 1 / e) over (Hill, Max, ED50), t = log((100 − p) / 100)
 * and p swapped to 100 − p for b < 0 as drc does.
 *
 * Null where drc's numbers mean nothing: no residual degree of freedom (3 rows: drc then divides
 * by 0, falls back to its 0.01 · I regularisation and reports an SE of about 10 with NaN limits),
 * no covariance, or a negative variance (drc: NaN).
 */
export function edDeltaIntervals(
  hill: number,
  ed50: number,
  ed: Record<ThresholdKind, number>,
  covariance: Float64Array | null,
  df: number,
): Record<ThresholdKind, EdInterval | null> {
  const quantile = df > 0 ? studentTQuantile(0.975, df) : NaN;
  return perKind((kind) => {
    if (!(df > 0) || covariance === null) return null;
    const { level } = THRESHOLD_KIND_INFO[kind];
    const value = ed[kind];
    const p = hill < 0 ? 100 - level : level;
    const t = glibcLog((100 - p) / 100);
    // At the midpoint log(exp(-t) - 1) is log(1) = 0: the ED does not depend on the slope.
    const dHill = level === MIDPOINT_LEVEL ? 0 : (-glibcLog(glibcExp(-t) - 1) / hill ** 2) * value;
    const gradient = [dHill, 0, value * (1 / ed50)];
    const se = Math.sqrt(quadraticForm(gradient, covariance));
    if (!Number.isFinite(se)) return null;
    return { se, lower: value - quantile * se, upper: value + quantile * se };
  });
}

/** gᵀ V g in R's order (g V, then · g), as `dEDval %*% varCov %*% dEDval`. */
function quadraticForm(g: readonly number[], v: Float64Array): number {
  let result = 0;
  for (let j = 0; j < 3; j++) {
    let row = 0;
    for (let i = 0; i < 3; i++) row += g[i]! * v[i * 3 + j]!;
    result += row * g[j]!;
  }
  return result;
}
