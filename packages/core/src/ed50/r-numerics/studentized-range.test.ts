import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import expectedCsv from '../../../../../fixtures/ed50-reference/group-comparison/studentized_range_expected.csv?raw';
import { studentizedRangeCdf, studentizedRangeQuantile, testing } from './studentized-range';

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
