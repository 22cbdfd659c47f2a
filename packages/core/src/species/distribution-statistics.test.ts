import { describe, expect, it } from 'vitest';
import {
  mean,
  quantileOfSorted,
  sampleStandardDeviation,
  summarizeDistribution,
} from './distribution-statistics';

describe('quantileOfSorted (R quantile type 7)', () => {
  // R: quantile(c(1, 2, 3, 4)) → 1.00 1.75 2.50 3.25 4.00
  it.each([
    [0, 1],
    [0.25, 1.75],
    [0.5, 2.5],
    [0.75, 3.25],
    [1, 4],
  ])('p = %s of 1..4 is %s', (p, expected) => {
    expect(quantileOfSorted([1, 2, 3, 4], p)).toBeCloseTo(expected, 12);
  });

  it('of one value is that value', () => {
    expect(quantileOfSorted([36.2], 0.75)).toBe(36.2);
  });

  it('refuses no values and a p outside [0, 1] with a message', () => {
    expect(() => quantileOfSorted([], 0.5)).toThrow('at least one value');
    expect(() => quantileOfSorted([1, 2], 1.5)).toThrow('between 0 and 1, not 1.5');
  });
});

describe('mean and sampleStandardDeviation', () => {
  it('match R on real-looking ED50s', () => {
    const values = [36.1, 37.4, 35.2, 38.9, 36.6];
    expect(mean(values)).toBeCloseTo(36.84, 12);
    // R: sd(c(36.1, 37.4, 35.2, 38.9, 36.6)) → 1.401071
    expect(sampleStandardDeviation(values)).toBeCloseTo(1.401071, 6);
  });

  it('has no standard deviation for a single value', () => {
    expect(sampleStandardDeviation([36])).toBeNull();
  });
});

describe('summarizeDistribution', () => {
  it('is null for no values', () => {
    expect(summarizeDistribution([])).toBeNull();
  });

  it('sorts the values first (quartiles do not depend on order)', () => {
    const { mean: m, sd, ...rest } = summarizeDistribution([38.9, 35.2, 37.4, 36.6, 36.1])!;
    expect(rest).toEqual({
      n: 5,
      min: 35.2,
      q1: 36.1,
      median: 36.6,
      q3: 37.4,
      max: 38.9,
      lower_whisker: 35.2,
      upper_whisker: 38.9,
    });
    expect(m).toBeCloseTo(36.84, 10);
    expect(sd).toBeCloseTo(1.401071, 6);
  });

  it('ends whiskers at the furthest value within 1.5 IQR (a failed fit stays outside)', () => {
    // q1 = 2, q3 = 4, reach 3: 100 lies beyond 7, so the upper whisker stops at 4.
    const summary = summarizeDistribution([1, 2, 3, 4, 100])!;
    expect(summary.upper_whisker).toBe(4);
    expect(summary.lower_whisker).toBe(1);
    expect(summary.max).toBe(100);
  });

  it('refuses non-finite values with a message', () => {
    expect(() => summarizeDistribution([36, Number.NaN])).toThrow('non-finite value (NaN)');
  });
});
