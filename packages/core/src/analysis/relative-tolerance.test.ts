import { describe, expect, it } from 'vitest';
import regressionCsv from '../../../../fixtures/analysis-reference/relative_regression_expected.csv?raw';
import { regressOnMmm, relativeTolerance, type EdWithMmm } from './relative-tolerance';
import { colonyEds, readCsv, relativeDifference, within } from './test/reference-data';

/**
 * ED − MMM and lm(ED ~ MMM) across colonies and across sites (Evensen et al. 2022) against
 * R 4.2.2's `summary(lm())` (fixtures/analysis-reference/make-reference.R) on the engine's EDs of
 * the seed's 19 sites (MMM 27.07–34.09 °C).
 */
const expected = readCsv(regressionCsv);

function pointsOf(kind: string, level: string): EdWithMmm[] {
  const rows = colonyEds.filter((row) => row[kind] !== '' && row.MMM !== '');
  const colonies = rows.map((row) => ({ ed: Number(row[kind]), mmm: Number(row.MMM) }));
  if (level === 'colony') return colonies;
  const sites = new Map<string, EdWithMmm[]>();
  rows.forEach((row, i) => {
    const key = `${row.Site} ${row.MMM}`;
    sites.set(key, [...(sites.get(key) ?? []), colonies[i]!]);
  });
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return [...sites.values()].map((points) => ({
    ed: mean(points.map((point) => point.ed)),
    mmm: mean(points.map((point) => point.mmm)),
  }));
}

describe('thermal tolerance relative to the MMM', () => {
  it('is ED − MMM, and missing when either is missing', () => {
    expect(relativeTolerance(36.5, 28.45)).toBeCloseTo(8.05, 12);
    expect(relativeTolerance(null, 28.45)).toBeNull();
    expect(relativeTolerance(36.5, null)).toBeNull();
  });

  // The fiji_* rows are the calculator's (computed-mmm.test.ts).
  for (const row of expected.filter((row) => !row.level!.startsWith('fiji_'))) {
    it(`lm(${row.kind} ~ MMM) over ${row.level === 'colony' ? 'colonies' : 'site means'} as summary(lm()) gives it`, () => {
      const regression = regressOnMmm(pointsOf(row.kind!, row.level!)).regression!;
      expect(regression.n).toBe(Number(row.n));
      expect(regression.df).toBe(Number(row.df));
      for (const [got, want] of [
        [regression.intercept.estimate, row.intercept],
        [regression.intercept.se, row.intercept_se],
        [regression.intercept.t, row.intercept_t],
        [regression.slope.estimate, row.slope],
        [regression.slope.se, row.slope_se],
        [regression.slope.t, row.slope_t],
        [regression.rSquared, row.r_squared],
        [regression.adjustedRSquared, row.adj_r_squared],
        [regression.sigma, row.sigma],
        [regression.meanRelative, row.mean_relative],
      ] as const) {
        expect(within(got, Number(want), 1e-9), `${got} vs ${want}`).toBe(true);
      }
      expect(relativeDifference(regression.intercept.p, Number(row.intercept_p))).toBeLessThan(
        1e-9,
      );
      expect(relativeDifference(regression.slope.p, Number(row.slope_p))).toBeLessThan(1e-9);
    });
  }

  it('needs three points with both values and some spread of MMM', () => {
    expect(
      regressOnMmm([
        { ed: 36, mmm: 28 },
        { ed: 37, mmm: 29 },
      ]).reason,
    ).toBe('2 points with an ED and an MMM: at least 3 are needed.');
    expect(regressOnMmm([1, 2, 3].map((ed) => ({ ed, mmm: 28.45 }))).reason).toBe(
      'Every point has the same MMM: no slope can be fitted.',
    );
  });
});
