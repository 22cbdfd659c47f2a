/**
 * drc's start-value conversion, `drmConvertParm()` (drc 3.0-1, R/drmConvertParm.R), as
 * `drm()` applies it to the self-starter's values (ed50-algorithm §5.3) before `optim()`
 * (ed50-algorithm §5.4 names the step; its "only in the last bits, no effect" held for the 4 rows
 * per colony of the tests then, not in general).
 *
 * For a parameter with one column per curve, drc maps the curves' start values s through the
 * curve design X (the n × K indicator matrix of `model.matrix(~ factor(curve) - 1)`):
 *
 *     pm = ginv(t(X) %*% X) %*% t(X) %*% X %*% s
 *
 * In exact arithmetic that is s. In R's floating point (MASS::ginv via LAPACK's dgesdd, products
 * through the reference BLAS) it is, per curve k with n_k rows:
 *
 * - t(X) %*% X is diag(n_k), and its SVD is exact (a permutation) for K <= 25. For K > 25,
 *   dbdsdc takes its divide-and-conquer path, which scales the diagonal by 1 / max(n) and back,
 *   so the singular value is (n_k · (1 / max n)) · max n;
 * - ginv(...) %*% t(X) %*% X puts on the diagonal the sum, in row order, of n_k copies of
 *   g_k = 1 / (that singular value): dgemm adds them one by one;
 * - the result is that sum times s_k.
 *
 * The sum is exactly 1 only for some row counts (1, 2, 3, 4, 5, 8, 12, 16 ... for K <= 25; 7 rows
 * give 1 - 2^-52), so the start point, and with it drmOpt's parscale and R's whole BFGS path,
 * moves by an ulp or two. Reproducing it is what keeps colonies with 6, 7, 9 ... rows on drc's
 * path (decision 0025; 0.09 °C on an ED50 and 0.31 °C on an ED95 were seen otherwise). This was
 * checked bit for bit against drmConvertParm in R 4.2 with the reference BLAS/LAPACK for
 * K = 2..150 and 1..60 rows per curve.
 */

/** LAPACK's ILAENV(9, 'DBDSDC'): the largest bidiagonal dbdsdc solves without dividing. */
const DBDSDC_SMALL_SIZE = 25;

/** drmConvertParm falls back to the unconverted values when a converted one is this small. */
const ZERO_THRESHOLD = 1e-10;

/**
 * drm's starting point for K curves: `selfStart` holds the self-starter's values (parameter
 * blocks of K: all Hill, all Max, all ED50), `startVec` the same after drm's replacement of exact
 * zeros, `rowsPerCurve` the number of rows of each curve in the fit.
 */
export function drmConvertStart(
  selfStart: Float64Array,
  startVec: Float64Array,
  rowsPerCurve: ArrayLike<number>,
): Float64Array {
  const k = rowsPerCurve.length;
  // `if (length(unique(factor1)) == 1) return(startVec)`
  if (k === 1) return startVec.slice();
  const factors = conversionFactors(rowsPerCurve);
  const converted = new Float64Array(selfStart.length);
  for (let i = 0; i < selfStart.length; i++) {
    converted[i] = factors[i % k]! * selfStart[i]!;
  }
  // "Checking whether the intercept column has been removed": any value near 0 (a self-start
  // value of exactly 0, for example) makes drc use startVec as it is.
  if (converted.some((value) => Math.abs(value) < ZERO_THRESHOLD)) return startVec.slice();
  return converted;
}

/** Per curve: the diagonal of ginv(t(X) %*% X) %*% t(X) %*% X as R computes it. */
export function conversionFactors(rowsPerCurve: ArrayLike<number>): Float64Array {
  const k = rowsPerCurve.length;
  let maxRows = 0;
  for (let curve = 0; curve < k; curve++) maxRows = Math.max(maxRows, rowsPerCurve[curve]!);
  // dlascl(ORGNRM -> 1) multiplies by 1 / ORGNRM, and dlascl(1 -> ORGNRM) by ORGNRM.
  const inverseMax = 1 / maxRows;
  const factors = new Float64Array(k);
  for (let curve = 0; curve < k; curve++) {
    const rows = rowsPerCurve[curve]!;
    const singularValue = k > DBDSDC_SMALL_SIZE ? rows * inverseMax * maxRows : rows;
    const g = 1 / singularValue;
    let sum = 0;
    for (let r = 0; r < rows; r++) sum += g;
    factors[curve] = sum;
  }
  return factors;
}
