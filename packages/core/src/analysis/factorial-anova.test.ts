import { describe, expect, it } from 'vitest';
import anovaCsv from '../../../../fixtures/analysis-reference/anova_expected.csv?raw';
import emmeansCsv from '../../../../fixtures/analysis-reference/emmeans_expected.csv?raw';
import pairsCsv from '../../../../fixtures/analysis-reference/emmeans_pairs_expected.csv?raw';
import { factorialAnova } from './factorial-anova';
import { marginalMeans } from './marginal-means';
import {
  factorialOf,
  KINDS,
  readCsv,
  relativeDifference,
  within,
  type InputName,
} from './test/reference-data';

/**
 * Factorial ANOVA (type II and III), estimated marginal means and Tukey-adjusted contrasts
 * against car 3.1.1 and emmeans 1.8.4.1 on R 4.2.2 (fixtures/analysis-reference/make-reference.R)
 * on real per-colony EDs: Fiji's Vatu-o-lalai (Species × Condition, one cell of 9) and the
 * Caribbean sites (Site × Species, 4 × 4, unbalanced).
 */
const anova = readCsv(anovaCsv);
const emm = readCsv(emmeansCsv);
const pairs = readCsv(pairsCsv);
const INPUT_NAMES: InputName[] = ['fiji_vatu', 'caribbean'];

describe('car::Anova(lm(ED ~ A * B)) on real per-colony EDs', () => {
  for (const input of INPUT_NAMES) {
    for (const kind of KINDS) {
      for (const type of [2, 3] as const) {
        it(`${input}, ${kind}, type ${type === 2 ? 'II' : 'III'}: sums of squares to 1e-9, F to 1e-9, p to 1e-9 relative`, () => {
          const wanted = anova.filter(
            (row) => row.input === input && row.kind === kind && row.type === String(type),
          );
          const result = factorialAnova(factorialOf(input, kind), type);
          expect(result.reason).toBeNull();
          expect(result.rows!.map((row) => row.term)).toEqual(wanted.map((row) => row.term));
          result.rows!.forEach((row, i) => {
            const want = wanted[i]!;
            expect(row.df).toBe(Number(want.df));
            expect(within(row.sumSquares, Number(want.sum_sq), 1e-9), `${row.term} SS`).toBe(true);
            if (want.f === '') return expect(row.f).toBeNull();
            expect(within(row.f!, Number(want.f), 1e-9), `${row.term} F ${row.f} ${want.f}`).toBe(
              true,
            );
            expect(
              relativeDifference(row.p!, Number(want.p)),
              `${row.term} p ${row.p} ${want.p}`,
            ).toBeLessThan(1e-9);
          });
        });
      }
      for (const factor of ['A', 'B']) {
        it(`${input}, ${kind}: emmeans(~ ${factor}) and its Tukey pairs`, () => {
          const result = marginalMeans(factorialOf(input, kind), factor);
          expect(result.reason).toBeNull();
          const means = emm.filter(
            (row) => row.input === input && row.kind === kind && row.factor === factor,
          );
          expect(result.result!.means.map((mean) => mean.level)).toEqual(
            means.map((row) => row.level),
          );
          result.result!.means.forEach((mean, i) => {
            const want = means[i]!;
            expect(mean.df).toBe(Number(want.df));
            for (const [got, expected] of [
              [mean.estimate, want.emmean],
              [mean.se, want.se],
              [mean.lower, want.lower],
              [mean.upper, want.upper],
            ] as const) {
              expect(
                within(got, Number(expected), 1e-9),
                `${mean.level}: ${got} vs ${expected}`,
              ).toBe(true);
            }
          });
          const contrasts = pairs.filter(
            (row) => row.input === input && row.kind === kind && row.factor === factor,
          );
          expect(result.result!.contrasts.map((c) => c.contrast)).toEqual(
            contrasts.map((row) => row.contrast),
          );
          result.result!.contrasts.forEach((contrast, i) => {
            const want = contrasts[i]!;
            for (const [got, expected] of [
              [contrast.estimate, want.estimate],
              [contrast.se, want.se],
              [contrast.tRatio, want.t_ratio],
            ] as const) {
              expect(
                within(got, Number(expected), 1e-9),
                `${contrast.contrast}: ${got} vs ${expected}`,
              ).toBe(true);
            }
            expect(
              // The same port of ptukey as R's: to 1e-12 absolute (its quadrature is no better
              // in relative terms for tiny p, in R too); a family of one uses the t test.
              Math.abs(contrast.p - Number(want.p)) <= 1e-12,
              `${contrast.contrast} p ${contrast.p} vs ${want.p}`,
            ).toBe(true);
          });
        });
      }
    }
  }
});
