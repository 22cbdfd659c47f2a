import { describe, expect, it } from 'vitest';
import { compactLetters } from './compact-letters';
import { fitLinearModel, linearModelRss } from './linear-model';
import { pAdjust, pAdjustByIndexSort } from './p-adjust';
import { pairwiseWilcoxon } from './pairwise-wilcoxon';
import { testing, wilcoxonRankSum } from './wilcoxon';

/**
 * Decision 0071's memoised and hoisted paths give the same doubles as the plain ones they
 * replace, on varied inputs (ties, unequal and tiny groups).
 */

/** A small deterministic generator (no timing, no randomness between runs). */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Groups of 1–12 values; every third group rounded to 1 decimal, so ties are common. */
function groupsOf(seed: number, count: number) {
  const random = generator(seed);
  return Array.from({ length: count }, (_, g) => {
    const size = 1 + Math.floor(random() * 12);
    const values = Array.from({ length: size }, () => 30 + 8 * random() + (g % 4));
    return {
      name: `group ${g + 1}`,
      values: g % 3 === 0 ? values.map((v) => Math.round(v * 10) / 10) : values,
    };
  });
}

describe('decision 0071: memoised and hoisted paths equal the plain ones', () => {
  it('exact Wilcoxon tails: memoised equals recomputed, for every q of varied (m, n)', () => {
    for (const [m, n] of [
      [1, 1],
      [1, 7],
      [2, 3],
      [7, 2],
      [10, 10],
      [12, 5],
      [49, 3],
    ] as const) {
      for (let q = 0; q <= m * n; q++) {
        for (const upper of [false, true]) {
          // Twice: the second call answers from the memo.
          for (let repeat = 0; repeat < 2; repeat++) {
            expect(testing.wilcoxonTail(q, m, n, upper)).toBe(
              testing.wilcoxonTailUncached(q, m, n, upper),
            );
          }
        }
      }
    }
  });

  it('the tail memo stays bounded', () => {
    for (let m = 1; m < 30; m++) {
      for (let n = 1; n < 12; n++) testing.wilcoxonTail(0, m, n, false);
    }
    expect(testing.cachedTails()).toBeLessThanOrEqual(testing.TAILS_KEPT);
  });

  it('pairwise Wilcoxon equals wilcox.test pair by pair, p.adjust and multcompLetters', () => {
    let ties = 0;
    for (const [seed, count] of [
      [1, 2],
      [2, 9],
      [3, 40],
    ] as const) {
      const groups = groupsOf(seed, count);
      for (const method of ['holm', 'BH', 'bonferroni', 'none'] as const) {
        const result = pairwiseWilcoxon(groups, method).result!;
        const plain = [];
        for (let j = 0; j < groups.length; j++) {
          for (let i = j + 1; i < groups.length; i++) {
            const test = wilcoxonRankSum(groups[i]!.values, groups[j]!.values);
            plain.push({ group: groups[i]!.name, reference: groups[j]!.name, ...test });
          }
        }
        const adjusted = pAdjustByIndexSort(
          plain.map((test) => test.p),
          method,
        );
        const pairs = plain.map((test, k) => ({ ...test, pAdjusted: adjusted[k]! }));
        expect(result.pairs).toEqual(pairs);
        ties += result.pairs.filter((pair) => !pair.exact).length;
        expect(result.letters).toEqual(
          compactLetters(
            groups.map((group) => group.name),
            pairs.map((pair) => ({
              group: pair.group,
              reference: pair.reference,
              p: pair.pAdjusted,
            })),
          ),
        );
      }
    }
    expect(ties).toBeGreaterThan(0); // the normal approximation (ties) was compared too
  });

  it('p.adjust by one sort equals p.adjust by sorted indices, with ties and extremes', () => {
    const random = generator(7);
    const inputs = [
      [0.5],
      [0.01, 0.01],
      [0.2, 0.01, 0.2, 0.03, 0.2, 1, 0, 0.01],
      Array.from({ length: 500 }, () => Math.round(random() * 50) / 1000),
      Array.from({ length: 500 }, () => random() ** 6),
    ];
    for (const p of inputs) {
      for (const method of ['holm', 'BH', 'bonferroni', 'none'] as const) {
        expect(pAdjust(p, method)).toEqual(pAdjustByIndexSort(p, method));
      }
    }
  });

  it("linearModelRss is fitLinearModel's RSS, and refuses what it refuses", () => {
    const random = generator(11);
    const x = Array.from({ length: 30 }, (_, i) => [1, i % 3 === 0 ? 1 : 0, random(), random()]);
    const y = x.map((row) => 2 + row[1]! - 3 * row[2]! + random());
    expect(linearModelRss(x, y).rss).toBe(fitLinearModel(x, y).fit!.rss);
    const collinear = x.map((row) => [...row, row[2]! * 2]);
    expect(linearModelRss(collinear, y).reason).toBe(fitLinearModel(collinear, y).reason);
    expect(linearModelRss(x.slice(0, 4), y.slice(0, 4)).reason).toBe(
      fitLinearModel(x.slice(0, 4), y.slice(0, 4)).reason,
    );
  });
});
