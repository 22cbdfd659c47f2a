/**
 * Scales and ticks for the hand-drawn SVG charts (no charting library: the charts are few and
 * simple, and this keeps the bundle small). A linear scale maps a data interval onto a pixel
 * interval; ticks are "nice" numbers (1, 2 or 5 × 10^k steps) covering the interval.
 */
export interface LinearScale {
  (value: number): number;
  readonly domain: readonly [number, number];
  readonly range: readonly [number, number];
}

export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): LinearScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const scale = (value: number) =>
    span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0);
  return Object.assign(scale, { domain, range });
}

/** The tick step for about `count` intervals over `span`: 1, 2 or 5 × a power of ten. */
export function tickStep(span: number, count: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const factor = error >= 7.5 ? 10 : error >= 3.5 ? 5 : error >= 1.5 ? 2 : 1;
  return factor * power;
}

/** Decimals needed to print multiples of `step` without noise (0.2 → 1, 5 → 0). */
export function stepDecimals(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/** Nice tick values inside [min, max], about `count` intervals. */
export function ticks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const step = tickStep(max - min, count);
  const decimals = stepDecimals(step);
  const first = Math.ceil(min / step - 1e-9);
  const last = Math.floor(max / step + 1e-9);
  const values: number[] = [];
  for (let i = first; i <= last; i++) values.push(Number((i * step).toFixed(decimals)));
  return values;
}

/** [min, max] widened outwards to whole tick steps, so the axis starts and ends on a tick. */
export function niceDomain(min: number, max: number, count: number): [number, number] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) return [min - 1, max + 1];
  const step = tickStep(max - min, count);
  const decimals = stepDecimals(step);
  return [
    Number((Math.floor(min / step + 1e-9) * step).toFixed(decimals)),
    Number((Math.ceil(max / step - 1e-9) * step).toFixed(decimals)),
  ];
}

/** A tick label with the decimals its step needs (35, 0.2, 37.5). */
export function tickFormatter(values: readonly number[]): (value: number) => string {
  const step = values.length > 1 ? Math.abs(values[1]! - values[0]!) : 1;
  const decimals = step > 0 ? stepDecimals(step) : 0;
  return (value) => value.toFixed(decimals);
}

/** Quantile of sorted values as R's quantile(type = 7), the default of boxplots in R. */
export function quantileSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * p;
  const lower = Math.floor(h);
  const below = sorted[lower]!;
  const above = sorted[Math.min(sorted.length - 1, lower + 1)]!;
  return below + (h - lower) * (above - below);
}

export interface BoxStatistics {
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
  /** Whisker ends: the most extreme values within 1.5 × IQR of the box (Tukey). */
  lowerWhisker: number;
  upperWhisker: number;
  outliers: number[];
}

export function boxStatistics(values: readonly number[]): BoxStatistics | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantileSorted(sorted, 0.25);
  const q3 = quantileSorted(sorted, 0.75);
  const reach = 1.5 * (q3 - q1);
  const inside = sorted.filter((v) => v >= q1 - reach && v <= q3 + reach);
  return {
    n: sorted.length,
    min: sorted[0]!,
    q1,
    median: quantileSorted(sorted, 0.5),
    q3,
    max: sorted.at(-1)!,
    mean: sorted.reduce((sum, v) => sum + v, 0) / sorted.length,
    lowerWhisker: inside[0] ?? q1,
    upperWhisker: inside.at(-1) ?? q3,
    outliers: sorted.filter((v) => v < q1 - reach || v > q3 + reach),
  };
}
