import { glibcExp, glibcLog } from './glibc-exp-log';

/**
 * drc's three-parameter log-logistic model LL.3 (algorithm doc §4):
 *
 *     f(x) = d / (1 + exp(b · log(x / e)))      (lower plateau c fixed at 0)
 *
 * b = Hill (b > 0: the response falls with temperature), d = Max, e = ED50.
 * The expression is written exactly as drc's `llogistic()` evaluates it (division inside the log,
 * c = 0 and f = 1 dropping out exactly) and uses glibc's exp/log, so that values agree with R's to
 * the last bit.
 */
export function ll3(x: number, hill: number, max: number, ed50: number): number {
  return max / (1 + glibcExp(hill * glibcLog(x / ed50)));
}

/**
 * Gradient of f with respect to (b, d, e) in original units, written as drc's `deriv1` of
 * `llogistic` (with its helpers `xlogx` and `divAtInf`), which `predict(..., interval =
 * "confidence")` uses for the delta-method band (doc §8). Writes into `out[0..2]`.
 */
export function ll3Gradient(
  x: number,
  hill: number,
  max: number,
  ed50: number,
  out: Float64Array,
): void {
  const t2 = glibcExp(hill * (glibcLog(x) - glibcLog(ed50)));
  out[0] = -max * xlogx(x / ed50, hill, 2);
  out[1] = 1 / (1 + t2);
  out[2] = (max * divAtInf(t2, (1 + t2) ** 2) * hill) / ed50;
}

/** drc's `divAtInf`: x / y, but 0 when y is infinite ("y tends to infinity faster than x"). */
function divAtInf(x: number, y: number): number {
  return Number.isFinite(y) ? x / y : 0;
}

/** drc's `xlogx(x, p, f)`: x^p / (1 + x^p)^f · log(x), with the x < 1e-12 branch of drc. */
function xlogx(x: number, p: number, f: number): number {
  const xPowerP = x ** p;
  const ratio = divAtInf(xPowerP, (1 + xPowerP) ** f);
  return x < 1e-12 ? glibcLog(x ** ratio) : ratio * glibcLog(x);
}
