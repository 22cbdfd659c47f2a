import { describe, expect, it } from 'vitest';
import qtTable from '../../../../../fixtures/ed50-reference/qt_0975_df1_1000.csv?raw';
import { roundR } from './r-round';
import { studentTQuantile } from './student-t';

describe('roundR (R >= 4.0.0 round(x, 2))', () => {
  it.each([
    [37.765, 37.76], // Math.round(x * 100) / 100 gives 37.77
    [0.285, 0.28], // 0.285 is stored as 0.28499999999999998
    [1.005, 1], // 1.00499999999999989...
    [2.675, 2.67],
    [38.135, 38.13],
    [0.125, 0.12], // exact tie: the even neighbour
    [0.375, 0.38], // exact tie: the even neighbour
    [-37.765, -37.76],
    [36.9071286486882, 36.91],
    [39.4197567754438, 39.42],
    [38.4, 38.4],
    [0, 0],
  ])('round(%s, 2) = %s', (x, expected) => {
    expect(roundR(x, 2)).toBe(expected);
  });

  it('differs from Math.round where R does', () => {
    expect(Math.round(37.765 * 100) / 100).toBe(37.77);
    expect(roundR(37.765)).toBe(37.76);
  });

  it('keeps NA/NaN and large values as R does', () => {
    expect(roundR(NaN)).toBeNaN();
    expect(roundR(Infinity)).toBe(Infinity);
    expect(roundR(123456789012345.67, 2)).toBe(123456789012345.67);
    expect(roundR(2.5, 0)).toBe(2);
    expect(roundR(3.5, 0)).toBe(4);
  });
});

describe("studentTQuantile vs R's qt(0.975, df), df = 1..1000", () => {
  const rows = qtTable
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',').map(Number));

  it('has all 1000 reference values', () => {
    expect(rows).toHaveLength(1000);
  });

  it('agrees to 1e-12 for every df', () => {
    let worst = 0;
    for (const [df, q] of rows) {
      worst = Math.max(worst, Math.abs(studentTQuantile(0.975, df!) - q!));
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('handles large df and the lower tail', () => {
    expect(studentTQuantile(0.975, 100000)).toBeCloseTo(1.959987708, 8);
    expect(studentTQuantile(0.025, 10)).toBeCloseTo(-2.228138852, 8);
    expect(studentTQuantile(0.975, 0)).toBeNaN();
  });
});
