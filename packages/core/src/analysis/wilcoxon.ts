import { normalCdf } from './distributions';

/** One two-sample Wilcoxon rank-sum test (Mann–Whitney), as R's `wilcox.test(x, y)` gives it. */
export interface WilcoxonTest {
  /** R's W: the rank sum of x minus n(x)(n(x) + 1)/2. */
  w: number;
  p: number;
  /** Exact distribution (both samples under 50 and no ties), else the normal approximation. */
  exact: boolean;
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

/**
 * The exact tails of one (m, n), memoised by q (decision 0071): the null distribution depends
 * only on (m, n) (R's cwilcox memoises it the same way), and the pairwise tests between 1,000
 * groups of 10 ask the same few (m, n, q) half a million times. Each tail is computed once, by
 * the same sum in the same order as `wilcoxonTailUncached`, so the doubles are the same.
 */
interface ExactTails {
  counts: number[];
  total: number;
  /** P(W ≤ q) and P(W > q) by q (0…mn); NaN until computed. */
  lower: Float64Array;
  upper: Float64Array;
}

/** At most this many (m, n) are kept (each holds 3 × (mn + 1) numbers, mn < 2,500). */
const TAILS_KEPT = 200;
const tailsCache = new Map<number, ExactTails>();

function exactTails(m: number, n: number): ExactTails {
  const key = m * 64 + n; // m, n < 50
  let tails = tailsCache.get(key);
  if (tails) return tails;
  const counts = rankSumCounts(m, n);
  tails = {
    counts,
    total: counts.reduce((sum, count) => sum + count, 0),
    lower: new Float64Array(m * n + 1).fill(NaN),
    upper: new Float64Array(m * n + 1).fill(NaN),
  };
  if (tailsCache.size >= TAILS_KEPT) tailsCache.clear();
  tailsCache.set(key, tails);
  return tails;
}

/** The tail as a sum over the counts (ascending w), divided by their total. */
function tailOfCounts(counts: readonly number[], total: number, q: number, upper: boolean) {
  let sum = 0;
  counts.forEach((count, w) => {
    if (upper ? w > q : w <= q) sum += count;
  });
  return sum / total;
}

/** R's pwilcox(q, m, n) (lower tail, P(W ≤ q)) and its upper tail P(W > q), recomputed. */
function wilcoxonTailUncached(q: number, m: number, n: number, upper: boolean): number {
  const counts = rankSumCounts(m, n);
  return tailOfCounts(
    counts,
    counts.reduce((sum, count) => sum + count, 0),
    q,
    upper,
  );
}

/** R's pwilcox(q, m, n) (lower tail, P(W ≤ q)) and its upper tail P(W > q). */
function wilcoxonTail(q: number, m: number, n: number, upper: boolean): number {
  const tails = exactTails(m, n);
  const memo = upper ? tails.upper : tails.lower;
  if (!(Number.isInteger(q) && q >= 0 && q < memo.length)) {
    return tailOfCounts(tails.counts, tails.total, q, upper);
  }
  let value = memo[q]!;
  if (Number.isNaN(value)) {
    value = tailOfCounts(tails.counts, tails.total, q, upper);
    memo[q] = value;
  }
  return value;
}

/** For the tests: the memoised and the recomputed tails, and the cache's size. */
export const testing = {
  wilcoxonTail,
  wilcoxonTailUncached,
  cachedTails: () => tailsCache.size,
  TAILS_KEPT,
};

/**
 * R's `wilcox.test(x, y)` with its defaults: two-sided; exact p value when both samples have
 * fewer than 50 values and there are no ties, else the normal approximation with continuity
 * correction and the tie correction of the variance (decision 0061).
 */
export function wilcoxonRankSum(x: readonly number[], y: readonly number[]): WilcoxonTest {
  const ascending = (a: number, b: number) => a - b;
  return wilcoxonRankSumSorted([...x].sort(ascending), [...y].sort(ascending));
}

/**
 * `wilcoxonRankSum` of two samples each sorted ascending (decision 0071): the mid-ranks come
 * from one merge of the two, with no sort and no array per test, as the pairwise tests between
 * 1,000 groups run it half a million times on samples they sort once.
 */
export function wilcoxonRankSumSorted(x: readonly number[], y: readonly number[]): WilcoxonTest {
  const nx = x.length;
  const ny = y.length;
  let rankSumX = 0;
  let tieTerm = 0;
  let i = 0;
  let j = 0;
  let below = 0; // values ranked so far
  while (i < nx || j < ny) {
    const value = j >= ny || (i < nx && x[i]! <= y[j]!) ? x[i]! : y[j]!;
    let inX = 0;
    while (i < nx && x[i] === value) {
      i++;
      inX++;
    }
    let inY = 0;
    while (j < ny && y[j] === value) {
      j++;
      inY++;
    }
    const size = inX + inY;
    // Mid-rank of the tied run (R's rank, ties.method = "average").
    rankSumX += inX * ((below + 1 + below + size) / 2);
    if (size > 1) tieTerm += size * size * size - size;
    below += size;
  }
  const w = rankSumX - (nx * (nx + 1)) / 2;
  if (nx < 50 && ny < 50 && tieTerm === 0) {
    const p =
      w > (nx * ny) / 2 ? wilcoxonTail(w - 1, nx, ny, true) : wilcoxonTail(w, nx, ny, false);
    return { w, p: Math.min(2 * p, 1), exact: true };
  }
  const z = w - (nx * ny) / 2;
  const sigma = Math.sqrt(((nx * ny) / 12) * (nx + ny + 1 - tieTerm / ((nx + ny) * (nx + ny - 1))));
  const corrected = (z - Math.sign(z) * 0.5) / sigma;
  // normalCdf's two tails are `outer` and 1 − outer of one evaluation: computed once.
  const outer = normalCdf(-Math.abs(corrected));
  const p = 2 * Math.min(outer, 1 - outer);
  return { w, p: Math.min(p, 1), exact: false };
}
