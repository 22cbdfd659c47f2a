/**
 * Summary statistics of one set of values (a species' ED50s at a site, under a condition), for the
 * species page's box and strip plots and the tables beside them (docs/decisions/0020-species-page.md).
 */
export interface DistributionSummary {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
  /** Sample standard deviation (n − 1); null for a single value, which has no spread to estimate. */
  sd: number | null;
  /** Whisker ends: the most extreme values within 1.5 × IQR of the box (Tukey), as R's boxplot. */
  lower_whisker: number;
  upper_whisker: number;
}

/**
 * Quantile `p` of ascending values by linear interpolation between order statistics: R's
 * quantile(type = 7), its default and that of its boxplots, so figures match what researchers
 * get in R.
 */
export function quantileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('A quantile needs at least one value');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`A quantile's p is between 0 and 1, not ${p}`);
  const h = (sorted.length - 1) * p;
  const lower = Math.floor(h);
  const below = sorted[lower]!;
  const above = sorted[Math.min(sorted.length - 1, lower + 1)]!;
  return below + (h - lower) * (above - below);
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('A mean needs at least one value');
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** Sample standard deviation (denominator n − 1, as R's sd); null below two values. */
export function sampleStandardDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values);
  const squares = values.reduce((sum, v) => sum + (v - m) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/** The summary of `values` (any order; non-finite values are refused), or null when empty. */
export function summarizeDistribution(values: readonly number[]): DistributionSummary | null {
  if (values.length === 0) return null;
  const bad = values.find((v) => !Number.isFinite(v));
  if (bad !== undefined) throw new RangeError(`Cannot summarise a non-finite value (${bad})`);
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantileOfSorted(sorted, 0.25);
  const q3 = quantileOfSorted(sorted, 0.75);
  const reach = 1.5 * (q3 - q1);
  const inside = sorted.filter((v) => v >= q1 - reach && v <= q3 + reach);
  return {
    n: sorted.length,
    min: sorted[0]!,
    q1,
    median: quantileOfSorted(sorted, 0.5),
    q3,
    max: sorted.at(-1)!,
    mean: mean(sorted),
    sd: sampleStandardDeviation(sorted),
    lower_whisker: inside[0]!,
    upper_whisker: inside.at(-1)!,
  };
}
