/**
 * drc's self-starter for LL.3 (`llogistic.ssf` method "1": findcd + findbe1, algorithm doc §5.3),
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
  let yMin = Infinity;
  let yMax = -Infinity;
  for (let i = 0; i < n; i++) {
    const y = ys[i]!;
    if (y < yMin) yMin = y;
    if (y > yMax) yMax = y;
  }
  const widening = 0.001 * (yMax - yMin);
  const c0 = yMin - widening;
  const d0 = yMax + widening;
  // drc: all y equal gives z = NaN everywhere and lm() stops with "0 (non-NA) cases".
  if (!(yMax > yMin)) return { ok: false, reason: 'constant_response' };

  let used = 0;
  let sumLogX = 0;
  let sumZ = 0;
  const logX = new Float64Array(n);
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    const zi = Math.log((d0 - y) / (y - c0));
    if (!(x > 0) || !Number.isFinite(zi)) continue;
    logX[used] = Math.log(x);
    z[used] = zi;
    sumLogX += logX[used]!;
    sumZ += zi;
    used++;
  }
  if (used === 0) return { ok: false, reason: 'degenerate_start' };
  const meanLogX = sumLogX / used;
  const meanZ = sumZ / used;
  let sxx = 0;
  let sxz = 0;
  for (let i = 0; i < used; i++) {
    const dx = logX[i]! - meanLogX;
    sxx += dx * dx;
    sxz += dx * (z[i]! - meanZ);
  }
  // lm() reports an aliased (NA) slope when log(x) is constant: one temperature only.
  if (!(sxx > 0)) return { ok: false, reason: 'single_temperature' };
  const hill = sxz / sxx;
  const intercept = meanZ - hill * meanLogX;
  const ed50 = Math.exp(-intercept / hill);
  if (!Number.isFinite(hill) || !Number.isFinite(ed50) || !Number.isFinite(d0)) {
    return { ok: false, reason: 'degenerate_start' };
  }
  return { ok: true, start: { hill, max: d0, ed50 } };
}
