/**
 * What a cell-means fit reads of a factorial design (factorial-design.ts's FactorialDesign has
 * it; named here so that the two files do not import each other).
 */
export interface CellDesign {
  factors: readonly string[];
  levels: string[][];
  /** Observations with a finite value, in the order given. */
  y: number[];
  /** Level index per factor, per observation. */
  cells: number[][];
}

/**
 * The full factorial model y ~ A * B * … fitted as what it is: one mean per cell (decision
 * 0071). With every combination of levels present, the model of every interaction is saturated
 * in the cells: its fitted values are the cell means, its residual sum of squares the
 * within-cell one, each colony's leverage 1/n of its cell and the coefficients' covariance
 * σ² diag(1/n_c) in the cell-means parametrisation. That is R's `lm` to rounding, without a QR of
 * an n × (number of cells) matrix, which grows with the cube of the groups (1,000 groups: ~10¹⁰
 * operations per fit, and the analyses fit the full model several times).
 */
export interface CellMeansFit {
  /** Levels per factor; cell index = Σ level_f · stride_f (the first factor varies fastest). */
  sizes: number[];
  strides: number[];
  /** Cell of each observation of the design, in its order. */
  cellOf: Int32Array;
  count: Float64Array;
  mean: Float64Array;
  rss: number;
  dfResidual: number;
}

export type CellMeansResult = { fit: CellMeansFit; reason: null } | { fit: null; reason: string };

/** The reason fitLinearModel gives for a design with an empty cell (linear-model.ts). */
export const NOT_FULL_RANK =
  'The design is not of full rank: some group combinations have no colonies, or one factor determines another.';

/** Cell means of the factors `factorIndices` of the design (all of them: the full model). */
export function fitCellMeans(
  design: CellDesign,
  factorIndices: readonly number[] = design.factors.map((_, f) => f),
): CellMeansResult {
  const sizes = factorIndices.map((f) => design.levels[f]!.length);
  const strides: number[] = [];
  let cells = 1;
  for (const size of sizes) {
    strides.push(cells);
    cells *= size;
  }
  const n = design.y.length;
  if (n <= cells) {
    return {
      fit: null,
      reason: `${n} observations for ${cells} coefficients: at least ${cells + 1} are needed.`,
    };
  }
  const cellOf = new Int32Array(n);
  const count = new Float64Array(cells);
  const sum = new Float64Array(cells);
  for (let i = 0; i < n; i++) {
    const levels = design.cells[i]!;
    let cell = 0;
    factorIndices.forEach((f, k) => (cell += levels[f]! * strides[k]!));
    cellOf[i] = cell;
    count[cell]! += 1;
    sum[cell]! += design.y[i]!;
  }
  if (count.some((c) => c === 0)) return { fit: null, reason: NOT_FULL_RANK };
  const mean = sum.map((s, c) => s / count[c]!);
  let rss = 0;
  for (let i = 0; i < n; i++) rss += (design.y[i]! - mean[cellOf[i]!]!) ** 2;
  return {
    fit: { sizes, strides, cellOf, count, mean, rss, dfResidual: n - cells },
    reason: null,
  };
}

/**
 * The sum of squares of car's type III test of a term (the factors `term` of the full model;
 * none: the intercept) with `contr.sum` coding: the hypothesis that the term's coefficients are
 * zero, (Lμ)ᵀ (L D Lᵀ)⁻¹ (Lμ) on the cell means μ (D = diag(1/n_c)), L spanning the same rows as
 * those coefficients: for each factor of the term a difference from its last level, averaged
 * over the other factors' levels. The same number as the drop-the-columns RSS difference.
 */
export function typeThreeSumSquares(fit: CellMeansFit, term: readonly number[]): number {
  const { sizes, strides, count, mean } = fit;
  const cells = count.length;
  const inTerm = sizes.map((_, f) => term.includes(f));
  let average = 1;
  sizes.forEach((size, f) => {
    if (!inTerm[f]) average /= size;
  });
  // Rows: one per combination of the term's factors' first (size − 1) levels.
  const rowSizes = term.map((f) => sizes[f]! - 1);
  const rows = rowSizes.reduce((product, size) => product * size, 1);
  // Each cell's entries (row, value), and each row's estimate Lμ.
  const entries: { row: number; value: number }[][] = Array.from({ length: cells }, () => []);
  const estimate = new Float64Array(rows);
  for (let cell = 0; cell < cells; cell++) {
    // The cell's level of each term factor; its rows: for a level below the last, the row of
    // that level (+1); for the last level, every row of that factor (−1).
    let partial: { row: number; value: number }[] = [{ row: 0, value: average }];
    let rowStride = 1;
    term.forEach((f, k) => {
      const level = Math.floor(cell / strides[f]!) % sizes[f]!;
      const last = sizes[f]! - 1;
      const next: { row: number; value: number }[] = [];
      for (const entry of partial) {
        if (level < last) next.push({ row: entry.row + level * rowStride, value: entry.value });
        else {
          for (let l = 0; l < last; l++) {
            next.push({ row: entry.row + l * rowStride, value: -entry.value });
          }
        }
      }
      partial = next;
      rowStride *= rowSizes[k]!;
    });
    entries[cell] = partial;
    for (const entry of partial) estimate[entry.row]! += entry.value * mean[cell]!;
  }
  // M = L D Lᵀ, accumulated cell by cell.
  const m = Array.from({ length: rows }, () => new Float64Array(rows));
  for (let cell = 0; cell < cells; cell++) {
    const list = entries[cell]!;
    const weight = 1 / count[cell]!;
    for (const a of list) {
      const row = m[a.row]!;
      const scaled = a.value * weight;
      for (const b of list) row[b.row]! += scaled * b.value;
    }
  }
  return quadraticFormOfInverse(m, estimate);
}

/** eᵀ M⁻¹ e for a symmetric positive definite M, by Cholesky (M is overwritten). */
function quadraticFormOfInverse(m: Float64Array[], e: Float64Array): number {
  const q = e.length;
  for (let j = 0; j < q; j++) {
    const rowJ = m[j]!;
    let diagonal = rowJ[j]!;
    for (let k = 0; k < j; k++) diagonal -= rowJ[k]! * rowJ[k]!;
    const root = Math.sqrt(diagonal);
    rowJ[j] = root;
    for (let i = j + 1; i < q; i++) {
      const rowI = m[i]!;
      let value = rowI[j]!;
      for (let k = 0; k < j; k++) value -= rowI[k]! * rowJ[k]!;
      rowI[j] = value / root;
    }
  }
  // Solve C z = e (C lower triangular): eᵀ M⁻¹ e = ‖z‖².
  const z = new Float64Array(q);
  let total = 0;
  for (let i = 0; i < q; i++) {
    const row = m[i]!;
    let value = e[i]!;
    for (let k = 0; k < i; k++) value -= row[k]! * z[k]!;
    z[i] = value / row[i]!;
    total += z[i]! * z[i]!;
  }
  return total;
}
