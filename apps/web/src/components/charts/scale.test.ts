import { describe, expect, it } from 'vitest';
import {
  boxStatistics,
  linearScale,
  niceDomain,
  quantileSorted,
  tickFormatter,
  ticks,
  tickStep,
} from './scale';

describe('chart scales', () => {
  it('maps a domain linearly onto pixels (also reversed, for y axes)', () => {
    const x = linearScale([29, 42], [60, 320]);
    expect(x(29)).toBe(60);
    expect(x(42)).toBe(320);
    expect(x(35.5)).toBe(190);
    const y = linearScale([0, 0.8], [250, 30]);
    expect(y(0)).toBe(250);
    expect(y(0.4)).toBeCloseTo(140);
    expect(linearScale([5, 5], [0, 100])(5)).toBe(50);
  });

  it('ticks at 1, 2 or 5 × 10^k, without floating-point noise', () => {
    expect(tickStep(13, 5)).toBe(2);
    expect(ticks(29, 42, 5)).toEqual([30, 32, 34, 36, 38, 40, 42]);
    expect(ticks(0, 0.7, 5)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    expect(ticks(36.2, 38.9, 6)).toEqual([36.5, 37, 37.5, 38, 38.5]);
    expect(ticks(3, 3, 5)).toEqual([3]);
    expect(ticks(Number.NaN, 1, 5)).toEqual([]);
  });

  it('widens a domain to whole ticks and formats labels with the decimals the step needs', () => {
    expect(niceDomain(0, 0.66, 5)).toEqual([0, 0.7]);
    expect(niceDomain(36.2, 38.9, 6)).toEqual([36, 39]);
    expect(niceDomain(2, 2, 5)).toEqual([1, 3]);
    expect(tickFormatter([0, 0.1, 0.2])(0.2)).toBe('0.2');
    expect(tickFormatter([30, 35, 40])(35)).toBe('35');
    expect(tickFormatter([36.5, 37])(37)).toBe('37.0');
  });

  it('computes box statistics with R’s default quantiles (type 7) and Tukey whiskers', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
    const box = boxStatistics([38.1, 37.9, 38.3, 38.0, 38.2, 35.0])!;
    expect(box).toMatchObject({ n: 6, min: 35, max: 38.3, lowerWhisker: 37.9, upperWhisker: 38.3 });
    expect(box.median).toBeCloseTo(38.05);
    expect(box.outliers).toEqual([35]);
    expect(boxStatistics([])).toBeNull();
  });
});
