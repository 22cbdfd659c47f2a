import { describe, expect, it } from 'vitest';
import onewayCsv from '../../../../fixtures/analysis-reference/oneway_expected.csv?raw';
import wilcoxonCsv from '../../../../fixtures/analysis-reference/wilcoxon_expected.csv?raw';
import type { ValueGroup } from './groups';
import { leveneTest, welchAnova } from './oneway-tests';
import { P_ADJUST_METHODS } from './p-adjust';
import { pairwiseWilcoxon } from './pairwise-wilcoxon';
import {
  INPUTS,
  KINDS,
  readCsv,
  relativeDifference,
  subsetOf,
  within,
  type InputName,
} from './test/reference-data';

/**
 * Welch's ANOVA, Levene's test (median), pairwise Wilcoxon tests with holm / BH / bonferroni /
 * none and their compact letter displays against R 4.2.2, car 3.1.1 and multcompView 0.1.8
 * (fixtures/analysis-reference/make-reference.R), by species in Fiji's Vatu-o-lalai and by site
 * in the Caribbean (groups of 49–53: the normal approximation) and the Arabian seas (exact), on
 * unrounded EDs and on EDs rounded to 2 decimals as the calculator reports them (ties).
 */
const oneway = readCsv(onewayCsv);
const wilcoxon = readCsv(wilcoxonCsv);

function groupsOf(input: InputName, kind: string, digits?: number): ValueGroup[] {
  const groups = new Map<string, number[]>();
  for (const { a, value } of subsetOf(input, kind, digits)) {
    groups.set(a, [...(groups.get(a) ?? []), value]);
  }
  return [...groups].map(([name, values]) => ({ name, values }));
}

describe('Welch ANOVA, Levene, pairwise Wilcoxon and letters on real per-colony EDs', () => {
  for (const input of Object.keys(INPUTS) as InputName[]) {
    for (const kind of KINDS) {
      for (const digits of [undefined, 2]) {
        const label = `${input}, ${kind}${digits === undefined ? '' : ', 2 decimals'}`;
        const digitsText = digits === undefined ? '' : String(digits);
        it(`${label}: oneway.test(var.equal = FALSE) and leveneTest(center = median)`, () => {
          const want = oneway.find(
            (row) => row.input === input && row.kind === kind && row.digits === digitsText,
          )!;
          const groups = groupsOf(input, kind, digits);
          const welch = welchAnova(groups).test!;
          expect(within(welch.f, Number(want.welch_f), 1e-9)).toBe(true);
          expect(welch.df1).toBe(Number(want.welch_df1));
          expect(within(welch.df2, Number(want.welch_df2), 1e-9)).toBe(true);
          expect(relativeDifference(welch.p, Number(want.welch_p))).toBeLessThan(1e-9);
          const levene = leveneTest(groups).test!;
          expect(within(levene.f, Number(want.levene_f), 1e-9)).toBe(true);
          expect([levene.df1, levene.df2]).toEqual([
            Number(want.levene_df1),
            Number(want.levene_df2),
          ]);
          expect(relativeDifference(levene.p, Number(want.levene_p))).toBeLessThan(1e-9);
        });
        for (const method of P_ADJUST_METHODS) {
          it(`${label}: pairwise.wilcox.test(p.adjust.method = "${method}") and multcompLetters`, () => {
            const wanted = wilcoxon.filter(
              (row) =>
                row.input === input &&
                row.kind === kind &&
                row.digits === digitsText &&
                row.method === method,
            );
            const result = pairwiseWilcoxon(groupsOf(input, kind, digits), method).result!;
            expect(result.pairs.map((pair) => [pair.group, pair.reference])).toEqual(
              wanted.map((row) => [row.group, row.reference]),
            );
            result.pairs.forEach((pair, i) => {
              const want = wanted[i]!;
              expect(
                relativeDifference(pair.pAdjusted, Number(want.p)),
                `${pair.group} vs ${pair.reference}: ${pair.pAdjusted} vs ${want.p}`,
              ).toBeLessThan(1e-9);
              expect(result.letters[pair.group]).toBe(want.letters_group);
              expect(result.letters[pair.reference]).toBe(want.letters_reference);
            });
          });
        }
      }
    }
  }
});
