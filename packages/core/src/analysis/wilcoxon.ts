import { normalCdf } from './distributions';

/** One two-sample Wilcoxon rank-sum test (Mann–Whitney), as R's `wilcox.test(x, y)` gives it. */
export interface WilcoxonTest {
  /** R's W: the rank sum of x minus n(x)(n(x) + 1)/2. */
  w: number;
  p: number;
  /** Exact distribution (both samples under 50 and no ties), else the normal approximation. */
  exact: boolean;
}

/** Mid-ranks of the values (R's rank(), ties.method = "average"). */
function ranks(values: readonly number[]): { ranks: number[]; tieSizes: number[] } {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const result = new Array<number>(values.length);
  const tieSizes: number[] = [];
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && values[order[end]!] === values[order[start]!]) end++;
    const rank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) result[order[i]!] = rank;
    tieSizes.push(end - start);
    start = end;
  }
  return { ranks: result, tieSizes };
}

/**
 * The number of ways to pick m of m + n ranks with rank sum − m(m+1)/2 = w, for every w
 * (R's cwilcox, by the standard recursion over the largest rank).
 */
const countCache = new Map<string, number[]>();
function rankSumCounts(m: number, n: number): number[] {
  const key = `${m} ${n}`;
  const cached = countCache.get(key);
  if (cached) return cached;
  // counts[j][w]: subsets of size j from the ranks seen so far.
  let counts: number[][] = Array.from({ length: m + 1 }, (_, j) => (j === 0 ? [1] : []));
  for (let rank = 1; rank <= m + n; rank++) {
    const next = counts.map((row) => [...row]);
    for (let j = 1; j <= Math.min(m, rank); j++) {
      const previous = counts[j - 1]!;
      const row = next[j]!;
      // Adding rank `rank` as the j-th smallest shifts the excess sum by rank − j.
      previous.forEach((count, w) => {
        if (count) row[w + rank - j] = (row[w + rank - j] ?? 0) + count;
      });
    }
    counts = next;
  }
  const result = Array.from({ length: m * n + 1 }, (_, w) => counts[m]![w] ?? 0);
  if (countCache.size > 200) countCache.clear();
  countCache.set(key, result);
  return result;
}

/** R's pwilcox(q, m, n) (lower tail, P(W ≤ q)) and its upper tail P(W > q). */
function wilcoxonTail(q: number, m: number, n: number, upper: boolean): number {
  const counts = rankSumCounts(m, n);
  const total = counts.reduce((sum, count) => sum + count, 0);
  let sum = 0;
  counts.forEach((count, w) => {
    if (upper ? w > q : w <= q) sum += count;
  });
  return sum / total;
}

/**
 * R's `wilcox.test(x, y)` with its defaults: two-sided; exact p value when both samples have
 * fewer than 50 values and there are no ties, else the normal approximation with continuity
 * correction and the tie correction of the variance (decision 0061).
 */
export function wilcoxonRankSum(x: readonly number[], y: readonly number[]): WilcoxonTest {
  const nx = x.length;
  const ny = y.length;
  const { ranks: r, tieSizes } = ranks([...x, ...y]);
  const w = r.slice(0, nx).reduce((sum, rank) => sum + rank, 0) - (nx * (nx + 1)) / 2;
  const ties = tieSizes.some((size) => size > 1);
  if (nx < 50 && ny < 50 && !ties) {
    const p =
      w > (nx * ny) / 2 ? wilcoxonTail(w - 1, nx, ny, true) : wilcoxonTail(w, nx, ny, false);
    return { w, p: Math.min(2 * p, 1), exact: true };
  }
  const z = w - (nx * ny) / 2;
  const tieTerm = tieSizes.reduce((sum, t) => sum + (t * t * t - t), 0);
  const sigma = Math.sqrt(((nx * ny) / 12) * (nx + ny + 1 - tieTerm / ((nx + ny) * (nx + ny - 1))));
  const corrected = (z - Math.sign(z) * 0.5) / sigma;
  const p = 2 * Math.min(normalCdf(corrected), normalCdf(corrected, false));
  return { w, p: Math.min(p, 1), exact: false };
}
