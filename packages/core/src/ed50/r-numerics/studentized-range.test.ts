import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import expectedCsv from '../../../../../fixtures/ed50-reference/group-comparison/studentized_range_expected.csv?raw';
import {
  studentizedRangeCdf,
  studentizedRangeQuantile,
  studentizedRangeUpperTails,
  testing,
} from './studentized-range';

// 1,344 ptukey integrals take about 4 s of CPU; a busy CI machine can take several times that.
describe('the studentized range distribution, against R 4.2.2', { timeout: 90_000 }, () => {
  const rows = Papa.parse<Record<string, string>>(expectedCsv, {
    header: true,
    skipEmptyLines: true,
  }).data;

  it('ptukey, both tails, on 84 (groups, df) pairs from 2 to 30,000 df', () => {
    let worst = 0;
    for (const row of rows) {
      const [groups, df, q, lower, upper] = [row.groups, row.df, row.q, row.lower, row.upper].map(
        Number,
      ) as [number, number, number, number, number];
      const gotLower = studentizedRangeCdf(q, groups, df);
      const gotUpper = studentizedRangeCdf(q, groups, df, false);
      worst = Math.max(worst, Math.abs(gotLower - lower), Math.abs(gotUpper - upper));
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('qtukey(0.95) stops where R stops (its secant search, not the exact quantile)', () => {
    const seen = new Set<string>();
    for (const row of rows) {
      const key = `${row.groups}:${row.df}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const got = studentizedRangeQuantile(0.95, Number(row.groups), Number(row.df));
      expect(Math.abs(got - Number(row.qtukey_95)), key).toBeLessThan(1e-10);
    }
    expect(seen.size).toBe(84);
  });

  it('answers NaN where R does, and the limits', () => {
    expect(studentizedRangeCdf(3, 3, 1)).toBeNaN();
    expect(studentizedRangeCdf(3, 1, 10)).toBeNaN();
    expect(studentizedRangeCdf(0, 3, 10)).toBe(0);
    expect(studentizedRangeCdf(Infinity, 3, 10)).toBe(1);
    expect(studentizedRangeQuantile(1, 3, 10)).toBeNaN();
    expect(studentizedRangeQuantile(0, 3, 10)).toBe(0);
  });

  it('Φ and ln Γ to the accuracy the integrals need', () => {
    expect(testing.normalCdf(0)).toBe(0.5);
    expect(testing.normalCdf(1.959963984540054)).toBeCloseTo(0.975, 15);
    expect(testing.normalCdf(-3)).toBeCloseTo(0.0013498980316300946, 15);
    expect(testing.logGamma(0.5)).toBeCloseTo(0.5723649429247001, 14);
    expect(testing.logGamma(27)).toBeCloseTo(61.261701761001994, 11);
    expect(testing.logGamma(15000)).toBeCloseTo(129233.19324261391, 7);
  });
});

describe('ptukey for a family of q (decision 0071)', { timeout: 90_000 }, () => {
  /** The doubles' bits, so that equality means the same double (0 and −0, NaN included). */
  const bitsOf = (values: readonly number[]) =>
    Array.from(new BigUint64Array(Float64Array.from(values).buffer), (b) => b.toString(16));

  // From the smallest (cc, df) to emmeans' 200 sites of the benchmark; df across all four
  // outer steps (1, 0.5, 0.25, 0.125) and past 25,000 (no outer integral).
  const families: [number, number][] = [
    [2, 2],
    [3, 5],
    [5, 20],
    [10, 99],
    [20, 400],
    [50, 3000],
    [200, 300],
    [200, 9000],
    [1000, 20000],
    [4, 30000],
  ];
  // q from 0 past the far tail, dense where the shortcuts switch on and off.
  const qs = [
    0,
    -1,
    1e-300,
    ...Array.from({ length: 240 }, (_, i) => 0.05 * i + 0.0123 * (i % 7)),
    15.99999,
    16,
    16.00001,
    25,
    40,
    Infinity,
    NaN,
  ];

  for (const [cc, df] of families) {
    it(`equals studentizedRangeCdf(q, ${cc}, ${df}, upper) bit for bit on ${qs.length} q`, () => {
      const family = studentizedRangeUpperTails(cc, df);
      const got = qs.map((q) => family(q));
      const want = qs.map((q) => studentizedRangeCdf(q, cc, df, false));
      expect(bitsOf(got)).toEqual(bitsOf(want));
    });
  }

  it('falls back to the single evaluation where R gives NaN', () => {
    expect(studentizedRangeUpperTails(1, 10)(3)).toBeNaN();
    expect(studentizedRangeUpperTails(3, 1)(3)).toBeNaN();
  });
});
