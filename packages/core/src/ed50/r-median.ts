/** R's `median()` of a non-empty sample: the middle value, or the mean of the two middle ones. */
export function rMedian(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const half = n >> 1;
  if (n % 2 === 1) return sorted[half]!;
  // R's mean() of two values is their correctly rounded midpoint; a/2 + b/2 rounds only once.
  return sorted[half - 1]! / 2 + sorted[half]! / 2;
}

/**
 * drm's scaling constant 10^floor(log10(median)) (algorithm doc §5.2), 1 when that is NA or
 * below 1e-15 (for example a median response of 0). The power of ten is parsed from its decimal
 * form, because `10 ** -5` is one ulp off in V8 while R's `pow` is exact.
 */
export function drmScaling(values: ArrayLike<number>): number {
  const exponent = Math.floor(Math.log10(rMedian(values)));
  if (!Number.isFinite(exponent)) return 1;
  const scaling = Number.parseFloat(`1e${exponent}`);
  return scaling < 1e-15 ? 1 : scaling;
}
