import { describe, expect, it } from 'vitest';
import {
  LongDoubleAccumulator,
  UNCERTAIN,
  certifiedSum,
  longDoubleSumOfNonNegative,
} from './long-double-sum';
import { LONG_DOUBLE_SUM_VECTORS } from '../../../test/r-numerics/test-vectors';

function compensated(terms: readonly number[]): [number, number] {
  let sum = 0;
  let compensation = 0;
  for (const x of terms) {
    const t = sum + x;
    compensation += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  return [sum, compensation];
}

describe("R's long-double sum()", () => {
  it('the general accumulator matches x87 long double sums', () => {
    for (const [terms, expected] of LONG_DOUBLE_SUM_VECTORS) {
      const accumulator = new LongDoubleAccumulator();
      for (const x of terms) accumulator.add(x);
      expect(accumulator.value()).toBe(expected);
    }
  });

  it('the fast non-negative replay matches, including replaced ranges', () => {
    for (const [terms, expected] of LONG_DOUBLE_SUM_VECTORS) {
      const values = Float64Array.from(terms);
      const order = Int32Array.from(terms, (_, i) => terms.length - 1 - i).reverse();
      const half = terms.length >> 1;
      expect(longDoubleSumOfNonNegative(values, order, values.slice(0, half), 0, half)).toBe(
        expected,
      );
    }
  });

  it('some vectors round differently from the exactly rounded sum (the reason for all this)', () => {
    const differs = LONG_DOUBLE_SUM_VECTORS.filter(([terms, expected]) => {
      const [sum, compensation] = compensated(terms);
      return sum + compensation !== expected;
    });
    expect(differs.length).toBeGreaterThan(0);
  });

  it('certifiedSum is either UNCERTAIN or exactly the long-double result', () => {
    let certified = 0;
    for (const [terms, expected] of LONG_DOUBLE_SUM_VECTORS) {
      const [sum, compensation] = compensated(terms);
      const result = certifiedSum(sum, compensation, terms.length);
      if (result !== UNCERTAIN) {
        certified++;
        expect(result).toBe(expected);
      }
    }
    expect(certified).toBeGreaterThan(0);
  });
});
