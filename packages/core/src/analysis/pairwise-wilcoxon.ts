import { compactLetters } from './compact-letters';
import { presentGroups, type ValueGroup } from './groups';
import { pAdjust, type PAdjustMethod } from './p-adjust';
import { wilcoxonRankSumSorted } from './wilcoxon';

/** One pair of groups: `group` (the later one) against `reference`. */
export interface WilcoxonPair {
  group: string;
  reference: string;
  w: number;
  /** Unadjusted and adjusted two-sided p values. */
  p: number;
  pAdjusted: number;
  exact: boolean;
}

export interface PairwiseWilcoxon {
  method: PAdjustMethod;
  groups: string[];
  /** Pairs in R's order: for each group, every later group against it. */
  pairs: WilcoxonPair[];
  /** Compact letter display of the adjusted p values at 0.05 (multcompLetters). */
  letters: Record<string, string>;
}

export type PairwiseWilcoxonResult =
  { result: PairwiseWilcoxon; reason: null } | { result: null; reason: string };

/**
 * Pairwise Wilcoxon rank-sum tests between groups, as R's
 * `pairwise.wilcox.test(y, group, p.adjust.method = method)` (decision 0061): each pair tested
 * alone by `wilcox.test` (exact where R is exact), the p values adjusted together, and the
 * groups lettered by `multcompView::multcompLetters` of the adjusted p values.
 */
export function pairwiseWilcoxon(
  groups: readonly ValueGroup[],
  method: PAdjustMethod,
): PairwiseWilcoxonResult {
  const present = presentGroups(groups);
  if (present.length < 2) {
    return { result: null, reason: 'At least two groups with values are needed.' };
  }
  // Each group sorted once, not once per pair (decision 0071).
  const sorted = present.map((group) => [...group.values].sort((a, b) => a - b));
  const tests: Omit<WilcoxonPair, 'pAdjusted'>[] = [];
  for (let j = 0; j < present.length; j++) {
    for (let i = j + 1; i < present.length; i++) {
      const test = wilcoxonRankSumSorted(sorted[i]!, sorted[j]!);
      tests.push({ group: present[i]!.name, reference: present[j]!.name, ...test });
    }
  }
  const adjusted = pAdjust(
    tests.map((test) => test.p),
    method,
  );
  const pairs = tests.map((test, k) => ({ ...test, pAdjusted: adjusted[k]! }));
  const names = present.map((group) => group.name);
  const letters = compactLetters(
    names,
    pairs.map((pair) => ({ group: pair.group, reference: pair.reference, p: pair.pAdjusted })),
  );
  return { result: { method, groups: names, pairs, letters }, reason: null };
}
