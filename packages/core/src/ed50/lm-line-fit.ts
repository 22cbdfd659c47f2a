/**
 * `coef(lm(z ~ u))` for one predictor, computed the way R computes it: LINPACK `dqrdc2`
 * (Householder QR with R's limited column pivoting, tol = 1e-7) and `dqrsl`, with reference-BLAS
 * `dnrm2` / `ddot` / `daxpy` semantics (R linked to the system's reference BLAS).
 *
 * Why not the textbook formula slope = Sxz / Sxx: the self-starter's values become drm's parscale,
 * and on CBASS data the BFGS path is sensitive to their last bits. With the closed form, the
 * reference fits drift by up to 4e-4 in Hill; with this port they agree to 4e-13 (algorithm
 * doc §5.3, §6; see reference-example.test.ts).
 *
 * Returns [intercept, slope], or null when lm() would report an aliased (NA) slope.
 */
export function lmLineFit(u: ArrayLike<number>, z: ArrayLike<number>): [number, number] | null {
  const n = u.length;
  if (n < 2) return null;
  // Column-major n × 2 design matrix [1, u].
  const x0 = new Float64Array(n).fill(1);
  const x1 = Float64Array.from(u);
  const tol = 1e-7;

  // dqrdc2: column norms.
  const qraux = [dnrm2(x0, 0), dnrm2(x1, 0)];
  const work2 = qraux.map((norm) => (norm === 0 ? 1 : norm));
  const work1 = [...qraux];

  // l = 1: Householder transformation of the intercept column (never negligible: norm sqrt(n)).
  householderStep(x0, x1, 0, qraux, work1);
  // l = 2: R moves a column whose norm fell below tol × its original norm to the end; with two
  // columns that means rank 1, i.e. an NA slope (one distinct temperature).
  if (!(qraux[1]! >= work2[1]! * tol)) return null;
  if (n - 1 > 1) householderStep(x1, null, 1, qraux, work1);

  // dqrsl, job 1110: qty = Q'z, then back-substitution R b = qty.
  const qty = Float64Array.from(z);
  applyHouseholder(x0, qraux[0]!, 0, qty);
  if (n - 1 > 1) applyHouseholder(x1, qraux[1]!, 1, qty);
  // Back-substitution as dqrsl's loop 170: b2 = qty2 / r22, then b1 = (qty1 - b2 r12) / r11.
  if (x1[1] === 0 || x0[0] === 0) return null;
  const slope = qty[1]! / x1[1]!;
  const intercept = (qty[0]! + -slope * x1[0]!) / x0[0]!;
  return [intercept, slope];
}

/** One pass of dqrdc2's loop 200 for column `col` (index l), updating `next`'s norm. */
function householderStep(
  col: Float64Array,
  next: Float64Array | null,
  l: number,
  qraux: number[],
  work1: number[],
): void {
  const n = col.length;
  let nrmxl = dnrm2(col, l);
  if (nrmxl === 0) return;
  if (col[l] !== 0) nrmxl = Math.abs(nrmxl) * Math.sign(col[l]!);
  const scale = 1.0 / nrmxl;
  for (let i = l; i < n; i++) col[i] = scale * col[i]!;
  col[l] = 1.0 + col[l]!;
  if (next) {
    const t = -ddot(col, next, l) / col[l];
    for (let i = l; i < n; i++) next[i] = next[i]! + t * col[i]!;
    if (qraux[1] !== 0) {
      const ratio = Math.abs(next[l]!) / qraux[1]!;
      const tt = Math.max(1.0 - ratio * ratio, 0.0);
      // "modified 9/99 by doug bates": recompute the norm when it has shrunk a lot.
      if (Math.abs(tt) < 1e-6) {
        qraux[1] = dnrm2(next, l + 1);
        work1[1] = qraux[1];
      } else {
        qraux[1] = qraux[1]! * Math.sqrt(tt);
      }
    }
  }
  qraux[l] = col[l]!;
  col[l] = -nrmxl;
}

/** dqrsl's application of the l-th Householder reflection to `y`. */
function applyHouseholder(col: Float64Array, qrauxL: number, l: number, y: Float64Array): void {
  if (qrauxL === 0) return;
  const saved = col[l]!;
  col[l] = qrauxL;
  const t = -ddot(col, y, l) / col[l];
  for (let i = l; i < y.length; i++) y[i] = y[i]! + t * col[i]!;
  col[l] = saved;
}

/** Reference BLAS `ddot` from index `from` (sequential accumulation order). */
function ddot(a: Float64Array, b: Float64Array, from: number): number {
  let sum = 0.0;
  for (let i = from; i < a.length; i++) sum = sum + a[i]! * b[i]!;
  return sum;
}

const TSML = 2 ** -511;
const TBIG = 2 ** 486;
const SSML = 2 ** 537;
const SBIG = 2 ** -538;

/**
 * Reference BLAS `dnrm2` as shipped since LAPACK 3.10 (dnrm2.f90, Blue's algorithm with three
 * accumulators), which is the libblas of current Linux distributions (Debian 12: LAPACK 3.11).
 * The older scaled version gives different last bits, and the pooled curves (40 rows per lm)
 * then drift by ~1e-9.
 */
function dnrm2(x: Float64Array, from: number): number {
  let notBig = true;
  let asml = 0;
  let amed = 0;
  let abig = 0;
  for (let i = from; i < x.length; i++) {
    const ax = Math.abs(x[i]!);
    if (ax > TBIG) {
      abig = abig + ax * SBIG * (ax * SBIG);
      notBig = false;
    } else if (ax < TSML) {
      if (notBig) asml = asml + ax * SSML * (ax * SSML);
    } else {
      amed = amed + ax * ax;
    }
  }
  let scale = 1;
  let sumsq = amed;
  if (abig > 0) {
    if (amed > 0 || amed > Number.MAX_VALUE || Number.isNaN(amed)) abig = abig + amed * SBIG * SBIG;
    scale = 1 / SBIG;
    sumsq = abig;
  } else if (asml > 0) {
    if (amed > 0 || amed > Number.MAX_VALUE || Number.isNaN(amed)) {
      const medRoot = Math.sqrt(amed);
      const smlRoot = Math.sqrt(asml) / SSML;
      const ymin = smlRoot > medRoot ? medRoot : smlRoot;
      const ymax = smlRoot > medRoot ? smlRoot : medRoot;
      sumsq = ymax * ymax * (1 + (ymin / ymax) * (ymin / ymax));
    } else {
      scale = 1 / SSML;
      sumsq = asml;
    }
  }
  return scale * Math.sqrt(sumsq);
}
