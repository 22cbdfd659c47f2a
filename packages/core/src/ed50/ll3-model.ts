import { glibcExpOfProducts, glibcLog, glibcLogOfRatios } from './r-numerics/glibc-exp-log';
import { rPow } from './r-numerics/r-pow';

/**
 * drc's three-parameter log-logistic model LL.3 (ed50-algorithm §4):
 *
 *     f(x) = d / (1 + exp(b · log(x / e)))      (lower plateau c fixed at 0)
 *
 * b = Hill (b > 0: the response falls with temperature), d = Max, e = ED50.
 * Written exactly as drc's `llogistic()` evaluates it (division inside the log, c = 0 and f = 1
 * dropping out exactly) with glibc's exp/log, and vectorised over the points (the kernels are
 * batched). `values` gets f(x) and `gradients` drc's `deriv1` rows (∂f/∂b, ∂f/∂d, ∂f/∂e), which
 * `predict(..., interval = "confidence")` uses for the delta-method band (doc §8).
 */
export function ll3ValuesAndGradients(
  xs: Float64Array,
  hill: number,
  max: number,
  ed50: number,
  values: Float64Array,
  gradients: Float64Array,
): void {
  const n = xs.length;
  const ones = new Float64Array(n).fill(1);
  const hills = new Float64Array(n).fill(hill);
  // f: exp(b * log(x / e)).
  const logRatio = new Float64Array(n);
  glibcLogOfRatios(xs, new Float64Array(n).fill(ed50), n, logRatio);
  const exps = new Float64Array(n);
  glibcExpOfProducts(hills, logRatio, n, exps);
  // deriv1: t2 = exp(b * (log(x) - log(e))).
  const logX = new Float64Array(n);
  glibcLogOfRatios(xs, ones, n, logX);
  const logE = glibcLog(ed50);
  const difference = logX.map((v) => v - logE);
  const t2s = new Float64Array(n);
  glibcExpOfProducts(hills, difference, n, t2s);
  for (let i = 0; i < n; i++) {
    values[i] = max / (1 + exps[i]!);
    const t2 = t2s[i]!;
    gradients[3 * i] = -max * xlogx(xs[i]! / ed50, hill, 2, logRatio[i]!);
    gradients[3 * i + 1] = 1 / (1 + t2);
    gradients[3 * i + 2] = (max * divAtInf(t2, rPow(1 + t2, 2)) * hill) / ed50;
  }
}

/** drc's `divAtInf`: x / y, but 0 when y is infinite ("y tends to infinity faster than x"). */
function divAtInf(x: number, y: number): number {
  return Number.isFinite(y) ? x / y : 0;
}

/**
 * drc's `xlogx(x, p, f)`: x^p / (1 + x^p)^f · log(x), with drc's x < 1e-12 branch; `logX` is
 * log(x), already computed.
 */
function xlogx(x: number, p: number, f: number, logX: number): number {
  // R's `^` (rPow), as everywhere a power enters a value the calculator reports.
  const xPowerP = rPow(x, p);
  const ratio = divAtInf(xPowerP, rPow(1 + xPowerP, f));
  return x < 1e-12 ? glibcLog(rPow(x, ratio)) : ratio * logX;
}
