/**
 * Compact letter display of pairwise comparisons, as `multcompView::multcompLetters` (0.1.8)
 * gives it for a symmetric matrix of p values (decision 0061): Piepho's insert-and-absorb
 * algorithm, then its column sort and its letters (a–z, A–Z, then "." prefixes). Groups sharing a
 * letter do not differ at the threshold (p < 0.05 means "differ").
 */
export interface PairwiseP {
  /** Names of the two groups. */
  group: string;
  reference: string;
  /** Adjusted p value; null (R's NA) counts as "not different". */
  p: number | null;
}

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '.'];

/** Letter names for k columns (multcompLetters' makeLtrs). */
function letterNames(k: number, letters: readonly string[] = LETTERS): string[] {
  const count = letters.length;
  if (k < count) return letters.slice(0, k);
  const last = letters[count - 1]!;
  const next = [...letters.slice(0, -1).map((letter) => last + letter), last];
  return [...letters.slice(0, -1), ...letterNames(k - count + 1, next)];
}

type Matrix = boolean[][]; // [row = group][column = letter]

/** Drop columns whose groups are a subset of another column's (multcompLetters' absorb). */
function absorb(matrix: Matrix): Matrix {
  for (;;) {
    const k = matrix[0]!.length;
    const subset = (inner: number, outer: number) =>
      matrix.every((row) => !row[inner] || row[outer]);
    let drop = -1;
    search: for (let i = 0; i < k - 1; i++) {
      for (let j = i + 1; j < k; j++) {
        if (subset(j, i)) {
          drop = j;
          break search;
        }
        if (subset(i, j)) {
          drop = i;
          break search;
        }
      }
    }
    if (drop < 0) return matrix;
    matrix = matrix.map((row) => row.filter((_, c) => c !== drop));
  }
}

/** First row holding each column, Infinity for an empty column (R's NA, ordered last). */
const firstRows = (matrix: Matrix, columns: number) =>
  Array.from({ length: columns }, (_, c) => {
    const row = matrix.findIndex((r) => r[c]);
    return row < 0 ? Infinity : row;
  });

/** multcompLetters' sortCols: columns by first row, ties sorted recursively on the rows below. */
function sortColumns(matrix: Matrix): Matrix {
  const k = matrix[0]?.length ?? 0;
  if (k === 0) return matrix;
  let first = firstRows(matrix, k);
  const order = first.map((_, c) => c).sort((a, b) => first[a]! - first[b]! || a - b);
  const sorted = matrix.map((row) => order.map((c) => row[c]!));
  first = firstRows(sorted, k);
  for (let i = 0; i < k - 1; i++) {
    if (first[i] !== first[i + 1] || !Number.isFinite(first[i]!)) continue;
    const start = first[i]! + 1;
    if (start >= sorted.length) continue;
    const block = sortColumns(sorted.slice(start).map((row) => [row[i]!, row[i + 1]!]));
    block.forEach((row, r) => {
      sorted[start + r]![i] = row[0]!;
      sorted[start + r]![i + 1] = row[1]!;
    });
  }
  return sorted;
}

/**
 * Letters per group. `groups` fixes the order of rows (R's dimnames: the factor's levels);
 * `pairs` are taken in the order R reads the lower triangle (for each group, every later group).
 */
export function compactLetters(
  groups: readonly string[],
  pairs: readonly PairwiseP[],
  threshold = 0.05,
): Record<string, string> {
  // "Differ" by group indices (not text keys: 1,000 groups have half a million pairs).
  const index = new Map(groups.map((name, i) => [name, i]));
  const count = groups.length;
  const differ = new Uint8Array(count * count);
  for (const pair of pairs) {
    const a = index.get(pair.group);
    const b = index.get(pair.reference);
    if (a === undefined || b === undefined || pair.p === null || !(pair.p < threshold)) continue;
    differ[a * count + b] = 1;
    differ[b * count + a] = 1;
  }
  return lettersOfDiffer(groups, differ);
}

/**
 * `compactLetters` from the "differ" matrix by group index (differ[a · count + b] = 1, both
 * ways), for callers that hold their pairs by index (pairwise Wilcoxon, decision 0071).
 */
export function lettersOfDiffer(
  groups: readonly string[],
  differ: Uint8Array,
): Record<string, string> {
  const count = groups.length;
  const distinct: [number, number][] = [];
  for (let j = 0; j < count; j++) {
    for (let i = j + 1; i < count; i++) {
      if (differ[i * count + j]) distinct.push([j, i]);
    }
  }
  let matrix: Matrix = groups.map(() => [true]);
  for (const [a, b] of distinct) {
    const shared = matrix[0]!.map((_, c) => matrix[a]![c]! && matrix[b]![c]!);
    if (!shared.some(Boolean)) continue;
    const copies = matrix.map((row, r) =>
      row.filter((_, c) => shared[c]).map((value) => value && r !== a),
    );
    matrix = matrix.map((row, r) => [
      ...row.map((value, c) => (r === b && shared[c] ? false : value)),
      ...copies[r]!,
    ]);
    matrix = absorb(matrix);
  }
  const sorted = distinct.length === 0 ? matrix : sortColumns(matrix);
  const names = letterNames(sorted[0]!.length);
  return Object.fromEntries(
    groups.map((name, r) => [name, names.filter((_, c) => sorted[r]![c]).join('')]),
  );
}
