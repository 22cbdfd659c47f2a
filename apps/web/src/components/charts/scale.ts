import { quantileOfSorted, summarizeDistribution } from '@coral/core';
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
/** R's quantile(type = 7) of ascending values (core's rule); NaN for no values. */
export function quantileSorted(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : quantileOfSorted(sorted, p);
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

/** Box-plot statistics: core's summary of a distribution (one rule with the species page), and the outliers. */
export function boxStatistics(values: readonly number[]): BoxStatistics | null {
  const summary = summarizeDistribution(values);
  if (!summary) return null;
  const { n, min, q1, median, q3, max, mean } = summary;
  const { lower_whisker: lowerWhisker, upper_whisker: upperWhisker } = summary;
  const outliers = [...values]
    .sort((a, b) => a - b)
    .filter((v) => v < lowerWhisker || v > upperWhisker);
  return { n, min, q1, median, q3, max, mean, lowerWhisker, upperWhisker, outliers };
}

/** An SVG path through the finite points; a NaN (drc's "NaNs produced") breaks the line. */
export function linePath(
  xs: readonly number[],
  ys: readonly number[],
  x: LinearScale,
  y: LinearScale,
): string {
  let path = '';
  let drawing = false;
  xs.forEach((tx, i) => {
    const value = ys[i]!;
    if (!Number.isFinite(value)) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(tx).toFixed(1)},${y(value).toFixed(1)}`;
    drawing = true;
  });
  return path;
}
