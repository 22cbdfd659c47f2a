import { describe, expect, it } from 'vitest';
import cbass84 from '../../../../fixtures/datasheets/cbass_84.csv?raw';
import curvesCsv from '../../../../fixtures/analysis-reference/compparm_curves_expected.csv?raw';
import expectedCsv from '../../../../fixtures/analysis-reference/compparm_expected.csv?raw';
import { parseCbassCsv } from '../ed50/parse-cbass-csv';
import { compareGroupCurves } from './group-curves';
import { readCsv, within } from './test/reference-data';

/**
 * ED50 compared between the four Red Sea sites of Voolstra et al. 2021 (fixtures/datasheets/
 * cbass_84.csv) as drc 3.0-1's compParm(drm(Pam ~ Temperature, curveid = site, fct = LL.3()),
 * "e", "/" | "-") (fixtures/analysis-reference/make-compparm.R), by compareGroupCurves on the
 * file's rows grouped by site: the engine's joint fit with a curve per site is that drm.
 */
const rows = readCsv(cbass84);
const raw = [
  'Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value',
  ...rows
    .filter((row) => row['Observation.pam_value'] !== '')
    .map((row) =>
      [
        row['Experiment.name'],
        row['Observation.condition'],
        row['Colony.species'],
        row['Colony.name'],
        row['Observation.temperature'],
        row['Observation.timepoint'],
        row['Observation.pam_value'],
      ].join(','),
    ),
].join('\n');
const comparison = compareGroupCurves(parseCbassCsv(raw).rows, ['Site']).comparison!;
const curvesWanted = readCsv(curvesCsv);
const expected = readCsv(expectedCsv);

describe('drc\'s compParm(fit, "e") between the curves of one fit, on real data', () => {
  const { curves, dfResidual } = comparison;

  it("is built on the engine's joint fit, which is drc's drm with curveid = site", () => {
    expect(curves.map((curve) => curve.name)).toEqual(curvesWanted.map((row) => row.curve));
    expect(dfResidual).toBe(Number(curvesWanted[0]!.df_residual));
    curves.forEach((curve, i) => {
      expect(within(curve.estimate, Number(curvesWanted[i]!.e), 1e-12), `${curve.name} e`).toBe(
        true,
      );
      expect(within(curve.se, Number(curvesWanted[i]!.e_se), 1e-12), `${curve.name} SE`).toBe(true);
    });
  });

  for (const operator of ['/', '-'] as const) {
    it(`compParm(fit, "e", "${operator}"): estimates, SEs, t and p`, () => {
      const wanted = expected.filter((row) => row.operator === operator);
      const pairs = operator === '/' ? comparison.ratios : comparison.differences;
      expect(pairs.map((pair) => pair.pair)).toEqual(wanted.map((row) => row.pair));
      pairs.forEach((pair, i) => {
        const want = wanted[i]!;
        for (const [got, value] of [
          [pair.estimate, want.estimate],
          [pair.se, want.se],
          [pair.t, want.t],
        ] as const) {
          expect(within(got, Number(value), 1e-8), `${pair.pair}: ${got} vs ${value}`).toBe(true);
        }
        // drc's vcov has cross-curve covariances of about 1e-11 (its numerical Hessian), which
        // the pairs leave out: SEs agree to 1e-9, t to 2e-9, p to 1e-9 absolute (not relative).
        expect(within(pair.p, Number(want.p), 1e-8), `${pair.pair} p`).toBe(true);
      });
    });
  }
});

describe('compareGroupCurves', () => {
  it('needs two groups with a fitted curve', () => {
    const one = parseCbassCsv(raw).rows.filter((row) => row.site === 'AF');
    expect(compareGroupCurves(one, ['Site']).reason).toBe(
      'At least two groups with a fitted curve are needed.',
    );
  });
});
