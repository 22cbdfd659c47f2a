import { THRESHOLD_KIND_INFO, type ThresholdKind } from '../thresholds/threshold-kinds';
import { MIDPOINT_LEVEL, perKind } from './ed-kinds';
import { glibcExp, glibcLog } from './r-numerics/glibc-exp-log';
import { rPow } from './r-numerics/r-pow';
import type { ModelFamily, ModelParameter, ModelParameters } from './model-families';
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
 * Curve `curve`'s m × m block of the covariance of a joint fit of `k` curves with `m` parameters
 * each (3 for LL.3: Hill, Max, ED50), ordered by block as drm orders them: all first parameters,
 * all second ones, … (drc's indexMat column of the curve).
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
  m = 3,
  coefficients?: Float64Array,
): Float64Array {
  const n = m * k;
  const index = Array.from({ length: m }, (_, block) => {
    const i = block * k + curve;
    // R's match() also finds NaN, which indexOf never does: keep the position then.
    const first = coefficients ? coefficients.indexOf(coefficients[i]!) : -1;
    return first < 0 ? i : first;
  });
  const block = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) block[i * m + j] = covariance[index[i]! * n + index[j]!]!;
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
  return deltaIntervals(ed, covariance, df, (kind, value) => {
    const { level } = THRESHOLD_KIND_INFO[kind];
    const p = hill < 0 ? 100 - level : level;
    const t = glibcLog((100 - p) / 100);
    // At the midpoint log(exp(-t) - 1) is log(1) = 0: the ED does not depend on the slope.
    const dHill =
      level === MIDPOINT_LEVEL ? 0 : (-glibcLog(glibcExp(-t) - 1) / rPow(hill, 2)) * value;
    return [dHill, 0, value * (1 / ed50)];
  });
}

/**
 * drc's `edfct` gradient of one curve of a model family (type "relative", reference "control"),
 * over the family's free parameters in drm's order, at ED value `value` of level `level`:
 * llogistic's EDp · (−log(exp(−t/f) − 1)/b², 0, 0, 1/e, exp(−t/f) · t/f² · (1/b) ·
 * (exp(−t/f) − 1)^−1) with t = log((100 − p)/100), weibull1's EDp · (−t/b², 0, 0, 1/e) with
 * t = log(−log((100 − p)/100)) (weibull2's edfct calls weibull1's), p swapped to 100 − p for
 * b < 0 (drc's EDhelper). Written in R's operation order.
 */
export function familyEdGradient(
  family: ModelFamily,
  parameters: ModelParameters,
  level: number,
  value: number,
): number[] {
  const { b, e, f } = parameters;
  const p = b < 0 ? 100 - level : level;
  const full: Record<ModelParameter, number> = { b: 0, c: 0, d: 0, e: value * (1 / e), f: 0 };
  if (family.kind === 'log-logistic') {
    const t = glibcLog((100 - p) / 100);
    const power = glibcExp(-t / f);
    full.b = value * (-glibcLog(power - 1) / (b * b));
    full.f = value * (((power * t) / (f * f)) * (1 / b) * rPow(power - 1, -1));
  } else {
    const t = glibcLog(-glibcLog((100 - p) / 100));
    full.b = value * (-t / (b * b));
  }
  return family.free.map((parameter) => full[parameter]);
}

/**
 * `ED(fit, c(5, 50, 95), interval = "delta")` for one curve of any model family: √(∇EDᵀ V ∇ED)
 * with drc's edfct gradient (familyEdGradient) and V the curve's block of drc's vcov, and
 * ED ∓ qt(0.975, df) · SE. Null as in edDeltaIntervals (no residual df, no covariance, NaN SE).
 */
export function familyEdDeltaIntervals(
  family: ModelFamily,
  parameters: ModelParameters,
  ed: Record<ThresholdKind, number>,
  covariance: Float64Array | null,
  df: number,
): Record<ThresholdKind, EdInterval | null> {
  return deltaIntervals(ed, covariance, df, (kind, value) =>
    familyEdGradient(family, parameters, THRESHOLD_KIND_INFO[kind].level, value),
  );
}

/**
 * √(∇EDᵀ V ∇ED) and ED ∓ qt(0.975, df) · SE for each threshold kind, given the gradient of each
 * ED; null without a residual degree of freedom or a covariance, or where the SE is not finite.
 */
function deltaIntervals(
  ed: Record<ThresholdKind, number>,
  covariance: Float64Array | null,
  df: number,
  gradientOf: (kind: ThresholdKind, value: number) => number[],
): Record<ThresholdKind, EdInterval | null> {
  const quantile = df > 0 ? studentTQuantile(0.975, df) : NaN;
  return perKind((kind) => {
    if (!(df > 0) || covariance === null) return null;
    const value = ed[kind];
    const se = Math.sqrt(quadraticForm(gradientOf(kind, value), covariance));
    if (!Number.isFinite(se)) return null;
    return { se, lower: value - quantile * se, upper: value + quantile * se };
  });
}

/** gᵀ V g in R's order (g V, then · g), as `dEDval %*% varCov %*% dEDval`. */
function quadraticForm(g: readonly number[], v: Float64Array): number {
  const m = g.length;
  let result = 0;
  for (let j = 0; j < m; j++) {
    let row = 0;
    for (let i = 0; i < m; i++) row += g[i]! * v[i * m + j]!;
    result += row * g[j]!;
  }
  return result;
}
