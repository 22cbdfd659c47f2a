/**
 * Port of R's `optimhess` (src/library/stats/src/optim.c), which `optim(hessian = TRUE)` runs at
 * the returned `par`: central differences of the *numerical* gradient, outer step
 * ndeps / parscale in p units, then symmetrised (ed50-algorithm §5.8).
 *
 * `ndeps` is optim's `control$ndeps` (the step `fmingr` uses too);
 * `gradient(p, df)` is optim's `fmingr` in p coordinates (it applies parscale itself).
 * Returns the n × n Hessian (row-major) in the units of `par`.
 */
export function optimHessian(
  par: Float64Array,
  parscale: Float64Array,
  ndeps: number,
  gradient: (p: Float64Array, df: Float64Array) => void,
): Float64Array {
  const n = par.length;
  const hessian = new Float64Array(n * n);
  const dpar = new Float64Array(n);
  for (let i = 0; i < n; i++) dpar[i] = par[i]! / parscale[i]!;
  const df1 = new Float64Array(n);
  const df2 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const eps = ndeps / parscale[i]!;
    // Same drift as the C code: +eps, -2 eps, +eps (not necessarily back to the exact start).
    dpar[i] = dpar[i]! + eps;
    gradient(dpar, df1);
    dpar[i] = dpar[i]! - 2 * eps;
    gradient(dpar, df2);
    for (let j = 0; j < n; j++) {
      hessian[i * n + j] = (df1[j]! - df2[j]!) / (2 * eps * parscale[i]! * parscale[j]!);
    }
    dpar[i] = dpar[i]! + eps;
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      const mean = 0.5 * (hessian[i * n + j]! + hessian[j * n + i]!);
      hessian[i * n + j] = mean;
      hessian[j * n + i] = mean;
    }
  }
  return hessian;
}
