/** R's `median()` of a non-empty sample: the middle value, or the mean of the two middle ones. */
export function rMedian(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const half = n >> 1;
  if (n % 2 === 1) return sorted[half]!;
  // R's mean() of two values is their correctly rounded midpoint; a/2 + b/2 rounds only once.
  return sorted[half - 1]! / 2 + sorted[half]! / 2;
}
