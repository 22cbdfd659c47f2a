import { DrmFitError, fitDrmLl3 } from './drm-fit';
import { edDeltaIntervals } from './ed-delta';
import { perKind } from './ed-kinds';
import { effectiveDoses } from './ed-values';
import { ll3ValuesAndGradients } from './ll3-model';
import { conditionNumber, invert, invertPositiveDefinite } from './r-numerics/small-matrix';
import { studentTQuantile } from './r-numerics/student-t';
import type { CbassRow, PooledCurve } from './types';

const EPSILON = 2.220446049250313e-16;

/**
 * The 100-point temperature grid of CBASSED50's curve plot: min(T) to max(T) + 1 over the whole
 * data set (ed50-algorithm §8), spaced exactly like R's `seq(from, to, length.out = 100)`.
 */
export function temperatureGrid(temperatures: readonly number[], points = 100): number[] {
  let from = Infinity;
  let to = -Infinity;
  for (const t of temperatures) {
    from = Math.min(from, t);
    to = Math.max(to, t + 1);
  }
  const step = (to - from) / (points - 1);
  return Array.from({ length: points }, (_, i) =>
    i === 0 ? from : i === points - 1 ? to : from + i * step,
  );
}

/**
 * The group's pooled curve (one LL.3 through all its rows, `drm` without curveid) and
 * `predict(..., interval = "confidence")`: f(T) ∓ qt(0.975, n - 3) · √(∇fᵀ V ∇f) with drc's
 * V = (H / (2 s²))⁻¹ from optim's numerical Hessian (doc §5.8, §8). A Gauss-Newton covariance
 * is not a substitute: the fit is not at a stationary point.
 */
export function pooledCurve(
  rows: readonly CbassRow[],
  grid: readonly number[],
): { curve: PooledCurve | null; error: string | null } {
  let fit;
  try {
    fit = fitDrmLl3(
      {
        curveCount: 1,
        curve: rows.map(() => 0),
        temperature: rows.map((row) => row.temperature),
        response: rows.map((row) => row.pamValue),
      },
      { hessian: true },
    );
  } catch (error) {
    if (!(error instanceof DrmFitError)) throw error;
    return { curve: null, error: `The pooled curve could not be fitted: ${error.message}.` };
  }
  const hill = fit.hill[0]!;
  const max = fit.max[0]!;
  const ed50 = fit.ed50[0]!;
  const df = fit.observationCount - 3;
  const covariance = df > 0 && fit.hessian ? drcCovariance(fit.hessian, fit.rss / df) : null;
  const quantile = df > 0 ? studentTQuantile(0.975, df) : NaN;
  const points = Float64Array.from(grid);
  const values = new Float64Array(points.length);
  const gradients = new Float64Array(3 * points.length);
  ll3ValuesAndGradients(points, hill, max, ed50, values, gradients);
  const pooledEds = effectiveDoses(hill, ed50);
  const intervals = edDeltaIntervals(hill, ed50, pooledEds, covariance, df);
  const curve: PooledCurve = {
    temperature: [...grid],
    predicted: [...values],
    lower: [],
    upper: [],
    hill,
    max,
    ed50,
    convergence: fit.convergence,
    eds: perKind((kind) => ({ value: pooledEds[kind], interval: intervals[kind] })),
  };
  for (let i = 0; i < points.length; i++) {
    const se = covariance
      ? Math.sqrt(quadraticForm(gradients.subarray(3 * i, 3 * i + 3), covariance))
      : NaN;
    curve.lower.push(values[i]! - quantile * se);
    curve.upper.push(values[i]! + quantile * se);
  }
  return { curve, error: null };
}

/** drmEMls's vcovfct: solve(H / (2 s²)), else chol2inv of it, else of 0.99 H + 0.01 I. */
function drcCovariance(hessian: Float64Array, residualVariance: number): Float64Array | null {
  const scaled = hessian.map((h) => h / (2 * residualVariance));
  const inverse = invert(scaled, 3);
  if (inverse && conditionNumber(scaled, inverse, 3) < 1 / EPSILON) return inverse;
  const viaCholesky = invertPositiveDefinite(scaled, 3);
  if (viaCholesky) return viaCholesky;
  const regularised = hessian.map((h, i) => 0.99 * h + (i % 4 === 0 ? 0.01 : 0));
  return invertPositiveDefinite(regularised, 3);
}

/** gᵀ V g in R's order: (g V) then · g. */
function quadraticForm(g: Float64Array, v: Float64Array): number {
  let result = 0;
  for (let j = 0; j < 3; j++) {
    let row = 0;
    for (let i = 0; i < 3; i++) row += g[i]! * v[i * 3 + j]!;
    result += row * g[j]!;
  }
  return result;
}
