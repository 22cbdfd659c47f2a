import { describe, expect, it } from 'vitest';
import cooksCsv from '../../../../fixtures/analysis-reference/cooks_expected.csv?raw';
import refitCsv from '../../../../fixtures/analysis-reference/cooks_refit_expected.csv?raw';
import { screenInfluentialColonies } from './influential-colonies';
import {
  factorialOf,
  KINDS,
  readCsv,
  relativeDifference,
  subsetOf,
  within,
  type InputName,
} from './test/reference-data';

/**
 * Cook's distance of every colony in lm(ED ~ A * B), the 4/n flag and the type II ANOVA refitted
 * without the flagged colonies, against R 4.2.2 and car 3.1.1
 * (fixtures/analysis-reference/make-reference.R) on real per-colony EDs.
 */
const cooks = readCsv(cooksCsv);
const refit = readCsv(refitCsv);

describe("Cook's distance screening on real per-colony EDs", () => {
  for (const input of ['fiji_vatu', 'caribbean'] as InputName[]) {
    for (const kind of KINDS) {
      it(`${input}, ${kind}: every colony's distance to 1e-9, the same colonies flagged, the refit`, () => {
        const wanted = cooks.filter((row) => row.input === input && row.kind === kind);
        const screening = screenInfluentialColonies(factorialOf(input, kind)).screening!;
        const genotypes = subsetOf(input, kind).map(({ row }) => row.Genotype);
        expect(screening.colonies.map((colony) => genotypes[colony.index])).toEqual(
          wanted.map((row) => row.genotype),
        );
        screening.colonies.forEach((colony, i) => {
          expect(within(colony.cooksDistance, Number(wanted[i]!.cooks), 1e-9)).toBe(true);
          expect(colony.flagged).toBe(wanted[i]!.flagged === 'TRUE');
        });
        expect(screening.flaggedCount).toBeGreaterThan(0);
        const rows = refit.filter((row) => row.input === input && row.kind === kind);
        expect(screening.refit.rows!.map((row) => row.term)).toEqual(rows.map((row) => row.term));
        screening.refit.rows!.forEach((row, i) => {
          expect(row.df).toBe(Number(rows[i]!.df));
          expect(within(row.sumSquares, Number(rows[i]!.sum_sq), 1e-9)).toBe(true);
          if (row.p !== null) {
            expect(relativeDifference(row.p, Number(rows[i]!.p))).toBeLessThan(1e-9);
          }
        });
      });
    }
  }
});
