import { lettersOfDiffer } from './compact-letters';
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
  // Each group sorted once, not once per pair; the tests' numbers in typed arrays, one object
  // per pair at the end (decision 0071).
  const sorted = present.map((group) => [...group.values].sort((a, b) => a - b));
  const count = present.length;
  const total = (count * (count - 1)) / 2;
  const w = new Float64Array(total);
  const p = new Float64Array(total);
  const exact = new Uint8Array(total);
  let k = 0;
  for (let j = 0; j < count; j++) {
    for (let i = j + 1; i < count; i++) {
      const test = wilcoxonRankSumSorted(sorted[i]!, sorted[j]!);
      w[k] = test.w;
      p[k] = test.p;
      exact[k] = test.exact ? 1 : 0;
      k++;
    }
  }
  const adjusted = pAdjust(Array.from(p), method);
  const pairs: WilcoxonPair[] = new Array<WilcoxonPair>(total);
  const differ = new Uint8Array(count * count);
  k = 0;
  for (let j = 0; j < count; j++) {
    for (let i = j + 1; i < count; i++) {
      const pAdjusted = adjusted[k]!;
      pairs[k] = {
        group: present[i]!.name,
        reference: present[j]!.name,
        w: w[k]!,
        p: p[k]!,
        exact: exact[k] === 1,
        pAdjusted,
      };
      // multcompLetters: "differ" below 0.05 (compact-letters.ts).
      if (pAdjusted < 0.05) {
        differ[i * count + j] = 1;
        differ[j * count + i] = 1;
      }
      k++;
    }
  }
  const names = present.map((group) => group.name);
  return {
    result: { method, groups: names, pairs, letters: lettersOfDiffer(names, differ) },
    reason: null,
  };
}
