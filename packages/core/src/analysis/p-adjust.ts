/** The p-value adjustments offered (R's `p.adjust` methods; "none" leaves them as they are). */
export const P_ADJUST_METHODS = ['holm', 'BH', 'bonferroni', 'none'] as const;
export type PAdjustMethod = (typeof P_ADJUST_METHODS)[number];

export const isPAdjustMethod = (value: string): value is PAdjustMethod =>
  (P_ADJUST_METHODS as readonly string[]).includes(value);

/**
 * R's `p.adjust(p, method)`: Holm's step-down, Benjamini–Hochberg's false discovery rate, or
 * Bonferroni, over the p values given (all of them finite), in their order.
 *
 * Holm's and BH's adjusted value depends only on the p value's place among the sorted ones, and
 * is the same for every p of a run of equal ones (the running maximum, or minimum, cannot move
 * inside the run: (n − r)p falls, and n/(n − r)·p rises, along it). So one native sort of the
 * values as doubles, the adjusted value at each sorted place, and a binary search per p give R's
 * numbers without sorting indices by a comparator (decision 0071: 499,500 pairs).
 */
export function pAdjust(p: readonly number[], method: PAdjustMethod): number[] {
  const n = p.length;
  if (method === 'none' || n <= 1) return [...p];
  if (method === 'bonferroni') return p.map((value) => Math.min(1, n * value));
  const sorted = Float64Array.from(p).sort();
  // The adjusted value at each ascending place, as R's running max (holm) or min (BH) gives it.
  const atPlace = new Float64Array(n);
  if (method === 'holm') {
    let running = 0;
    for (let rank = 0; rank < n; rank++) {
      running = Math.max(running, (n - rank) * sorted[rank]!);
      atPlace[rank] = Math.min(1, running);
    }
  } else {
    // BH runs from the largest p down: descending rank r is ascending place n − 1 − r.
    let running = Infinity;
    for (let rank = 0; rank < n; rank++) {
      running = Math.min(running, (n / (n - rank)) * sorted[n - 1 - rank]!);
      atPlace[n - 1 - rank] = Math.min(1, running);
    }
  }
  return p.map((value) => atPlace[firstPlace(sorted, value)]!);
}

/** The first place of `value` in the ascending `sorted` (it is there). */
function firstPlace(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** R's `p.adjust` by sorting indices (the definition), for the tests of `pAdjust`. */
export function pAdjustByIndexSort(p: readonly number[], method: PAdjustMethod): number[] {
  const n = p.length;
  if (method === 'none' || n <= 1) return [...p];
  if (method === 'bonferroni') return p.map((value) => Math.min(1, n * value));
  const order = p.map((_, i) => i);
  const adjusted = new Array<number>(n);
  if (method === 'holm') {
    order.sort((a, b) => p[a]! - p[b]! || a - b);
    let running = 0;
    order.forEach((index, rank) => {
      running = Math.max(running, (n - rank) * p[index]!);
      adjusted[index] = Math.min(1, running);
    });
  } else {
    order.sort((a, b) => p[b]! - p[a]! || a - b);
    let running = Infinity;
    order.forEach((index, rank) => {
      running = Math.min(running, (n / (n - rank)) * p[index]!);
      adjusted[index] = Math.min(1, running);
    });
  }
  return adjusted;
}
