import { describe, expect, it } from 'vitest';
import cbass84 from '../../../../fixtures/datasheets/cbass_84.csv?raw';
import curvesCsv from '../../../../fixtures/analysis-reference/compparm_curves_expected.csv?raw';
import expectedCsv from '../../../../fixtures/analysis-reference/compparm_expected.csv?raw';
import { computeEds } from '../ed50/compute-eds';
import { parseCbassCsv } from '../ed50/parse-cbass-csv';
import { compareCurveEds } from './curve-comparison';
import { readCsv, within } from './test/reference-data';

/**
 * ED50 compared between the four Red Sea sites of Voolstra et al. 2021 (fixtures/datasheets/
 * cbass_84.csv) as drc 3.0-1's compParm(drm(Pam ~ Temperature, curveid = site, fct = LL.3()),
 * "e", "/" | "-") (fixtures/analysis-reference/make-compparm.R). The engine's joint fit with a
 * curve per site is that drm: each site is written as one "colony" of a single group, and the
 * joint fit's delta-method SEs (intervals: true) are drc's vcov of e.
 */
const rows = readCsv(cbass84);
const raw = [
  'Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value',
  ...rows
    .filter((row) => row['Observation.pam_value'] !== '')
    .map((row) =>
      [
        'Red Sea',
        row['Observation.condition'],
        row['Colony.species'],
        row['Experiment.name'],
        row['Observation.temperature'],
        row['Observation.timepoint'],
        row['Observation.pam_value'],
      ].join(','),
    ),
].join('\n');
const computation = computeEds(parseCbassCsv(raw).rows, { curves: false, intervals: true });
const curvesWanted = readCsv(curvesCsv);
const expected = readCsv(expectedCsv);

describe('drc\'s compParm(fit, "e") between the curves of one fit, on real data', () => {
  const curves = computation.colonies.map((colony) => ({
    name: colony.genotype,
    estimate: colony.ed50.value!,
    se: colony.ed50.interval!.se,
  }));
  const observations = computation.colonies.reduce((sum, colony) => sum + colony.nObservations, 0);
  const dfResidual = observations - 3 * curves.length;

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
      const pairs = compareCurveEds(curves, dfResidual, operator);
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
