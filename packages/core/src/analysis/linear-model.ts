/**
 * Ordinary least squares by Householder QR, as R's `lm` solves it (without its column pivoting:
 * a design that is not of full rank is refused with a reason instead of dropping columns).
 * Rows of `x` are observations; the result holds what the analyses read: coefficients, residuals,
 * residual sum of squares and degrees of freedom, the unscaled covariance (X'X)⁻¹ and the hat
 * values (leverages).
 */
export interface LinearFit {
  coefficients: number[];
  residuals: number[];
  rss: number;
  dfResidual: number;
  /** (X'X)⁻¹, row by row: σ² times it is the coefficients' covariance. */
  unscaledCovariance: number[][];
  /** Diagonal of the hat matrix X (X'X)⁻¹ X'. */
  hat: number[];
}

export type LinearFitResult = { fit: LinearFit; reason: null } | { fit: null; reason: string };

/** Relative size below which a column counts as a combination of the others (R's tol = 1e-7). */
const RANK_TOLERANCE = 1e-7;

/** X reduced in place to R by Householder reflections, with Q'y: the part every fit shares. */
type Reduced =
  | { a: Float64Array[]; qty: Float64Array; diagonal: Float64Array; reason: null }
  | { a: null; qty: null; diagonal: null; reason: string };

function householder(
  x: readonly (readonly number[])[],
  y: readonly number[],
  options: { exactFit?: boolean },
): Reduced {
  const n = y.length;
  const p = x[0]?.length ?? 0;
  if (n < p || (n === p && !options.exactFit)) {
    return {
      a: null,
      qty: null,
      diagonal: null,
      reason: `${n} observations for ${p} coefficients: at least ${p + 1} are needed.`,
    };
  }
  // Column-major copy of X, reduced in place to R; the Householder vectors kept to apply Q'.
  const a = Array.from({ length: p }, (_, j) => Float64Array.from(x, (row) => row[j]!));
  const qty = Float64Array.from(y);
  const diagonal = new Float64Array(p);
  for (let j = 0; j < p; j++) {
    const column = a[j]!;
    let norm = 0;
    for (let i = j; i < n; i++) norm = Math.hypot(norm, column[i]!);
    let original = 0;
    for (let i = 0; i < n; i++) original = Math.hypot(original, x[i]![j]!);
    if (norm <= RANK_TOLERANCE * original || norm === 0) {
      return {
        a: null,
        qty: null,
        diagonal: null,
        reason:
          'The design is not of full rank: some group combinations have no colonies, or one factor determines another.',
      };
    }
    const alpha = column[j]! > 0 ? -norm : norm;
    column[j] = column[j]! - alpha;
    const vNorm2 = column.slice(j).reduce((sum, value) => sum + value * value, 0);
    const reflect = (target: Float64Array) => {
      let dot = 0;
      for (let i = j; i < n; i++) dot += column[i]! * target[i]!;
      const scale = (2 * dot) / vNorm2;
      for (let i = j; i < n; i++) target[i] = target[i]! - scale * column[i]!;
    };
    for (let k = j + 1; k < p; k++) reflect(a[k]!);
    reflect(qty);
    diagonal[j] = alpha;
  }
  return { a, qty, diagonal, reason: null };
}

/** The residual sum of squares of `fitLinearModel(x, y, options)` alone (the same double). */
export function linearModelRss(
  x: readonly (readonly number[])[],
  y: readonly number[],
  options: { exactFit?: boolean } = {},
): { rss: number; reason: null } | { rss: null; reason: string } {
  const reduced = householder(x, y, options);
  if (reduced.reason !== null) return { rss: null, reason: reduced.reason };
  const { qty } = reduced;
  const p = x[0]?.length ?? 0;
  let rss = 0;
  for (let i = p; i < y.length; i++) rss += qty[i]! * qty[i]!;
  return { rss, reason: null };
}

export function fitLinearModel(
  x: readonly (readonly number[])[],
  y: readonly number[],
  /**
   * exactFit: allow as many rows as coefficients (rows of cell means: the residual degrees of
   * freedom are the caller's, factorial-design.ts).
   */
  options: { exactFit?: boolean } = {},
): LinearFitResult {
  const n = y.length;
  const p = x[0]?.length ?? 0;
  const reduced = householder(x, y, options);
  if (reduced.reason !== null) return { fit: null, reason: reduced.reason };
  const { a, qty, diagonal } = reduced;
  // R (upper triangle): R[i][j] = a[j][i] for i < j, diagonal[j] on the diagonal.
  const r = (i: number, j: number) => (i === j ? diagonal[j]! : a[j]![i]!);
  const coefficients = new Array<number>(p).fill(0);
  for (let i = p - 1; i >= 0; i--) {
    let sum = qty[i]!;
    for (let j = i + 1; j < p; j++) sum -= r(i, j) * coefficients[j]!;
    coefficients[i] = sum / r(i, i);
  }
  // R⁻¹ (upper triangular), then (X'X)⁻¹ = R⁻¹ R⁻ᵀ.
  const rInverse = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let j = 0; j < p; j++) {
    rInverse[j]![j] = 1 / r(j, j);
    for (let i = j - 1; i >= 0; i--) {
      let sum = 0;
      for (let k = i + 1; k <= j; k++) sum += r(i, k) * rInverse[k]![j]!;
      rInverse[i]![j] = -sum / r(i, i);
    }
  }
  const unscaledCovariance = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => {
      let sum = 0;
      for (let k = Math.max(i, j); k < p; k++) sum += rInverse[i]![k]! * rInverse[j]![k]!;
      return sum;
    }),
  );
  const residuals = y.map(
    (value, i) => value - x[i]!.reduce((sum, xij, j) => sum + xij * coefficients[j]!, 0),
  );
  let rss = 0;
  for (let i = p; i < n; i++) rss += qty[i]! * qty[i]!;
  // Leverage of row i: ‖R⁻ᵀ xᵢ‖².
  const hat = x.map((row) => {
    let sum = 0;
    for (let k = 0; k < p; k++) {
      let value = 0;
      for (let i = 0; i <= k; i++) value += rInverse[i]![k]! * row[i]!;
      sum += value * value;
    }
    return sum;
  });
  return {
    fit: { coefficients, residuals, rss, dfResidual: n - p, unscaledCovariance, hat },
    reason: null,
  };
}
