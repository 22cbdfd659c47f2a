import { glibcExp, glibcLog } from './r-numerics/glibc-exp-log';
import { lmLineFit } from './lm-line-fit';

/**
 * drc's self-starter for LL.3 (`llogistic.ssf` method "1": findcd + findbe1, ed50-algorithm §5.3),
 * applied to one colony's *scaled* data.
 */

export interface Ll3Start {
  hill: number;
  max: number;
  ed50: number;
}

/** Why no start could be computed; the colony is then left out of the joint fit (doc §9). */
export type SelfStartFailure = 'constant_response' | 'single_temperature' | 'degenerate_start';

export type SelfStartResult =
  { ok: true; start: Ll3Start } | { ok: false; reason: SelfStartFailure };

/**
 * c0 / d0 = min / max of y widened by 0.1 % of the range; then an ordinary least-squares line of
 * z = log((d0 - y) / (y - c0)) on log(x) gives b0 = slope and e0 = exp(-intercept / b0).
 * Rows with x <= 0 or a non-finite z are left out, as `lm(..., subset = x > 0)` does with NA rows.
 */
export function selfStartLl3(xs: ArrayLike<number>, ys: ArrayLike<number>): SelfStartResult {
  const n = xs.length;
  const range = widenedResponseRange(ys);
  // drc: all y equal gives z = NaN everywhere and lm() stops with "0 (non-NA) cases".
  if (range === null) return { ok: false, reason: 'constant_response' };
  const { c0, d0 } = range;

  const logX: number[] = [];
  const z: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    const zi = glibcLog((d0 - y) / (y - c0));
    if (!(x > 0) || !Number.isFinite(zi)) continue;
    logX.push(glibcLog(x));
    z.push(zi);
  }
  if (z.length === 0) return { ok: false, reason: 'degenerate_start' };
  const coefficients = lmLineFit(logX, z);
  // lm() reports an aliased (NA) slope when log(x) is constant: one temperature only.
  if (coefficients === null) return { ok: false, reason: 'single_temperature' };
  const [intercept, hill] = coefficients;
  const ed50 = glibcExp(-intercept / hill);
  if (!Number.isFinite(hill) || !Number.isFinite(ed50) || !Number.isFinite(d0)) {
    return { ok: false, reason: 'degenerate_start' };
  }
  return { ok: true, start: { hill, max: d0, ed50 } };
}

/**
 * The self-starters' plateaus (drc's llogistic.ssf and weibull ssf): min / max of y widened by
 * 0.1 % of the range, so that every y lies strictly inside. Null when all y are equal.
 */
export function widenedResponseRange(ys: ArrayLike<number>): { c0: number; d0: number } | null {
  let yMin = Infinity;
  let yMax = -Infinity;
  for (let i = 0; i < ys.length; i++) {
    const y = ys[i]!;
    if (y < yMin) yMin = y;
    if (y > yMax) yMax = y;
  }
  if (!(yMax > yMin)) return null;
  const widening = 0.001 * (yMax - yMin);
  return { c0: yMin - widening, d0: yMax + widening };
}
