import { addCompensated, type CompensatedSum } from './r-numerics/compensated-sum';
import { glibcExpOfProducts, glibcLogOfRatios } from './r-numerics/glibc-exp-log';
import { UNCERTAIN, certifiedSum, longDoubleSumOfNonNegative } from './r-numerics/long-double-sum';
import { OptimError } from './r-numerics/vmmin';

/**
 * Scaled data of one joint drm fit: K curves (colonies), each with its own (b, d, e). Rows are
 * stored grouped by curve (curve k at `start[k] .. start[k + 1] - 1`, file order within a curve);
 * `fileOrder` lists those positions in the order of the input file, which is the order in which
 * R sums the residuals.
 */
export interface JointData {
  curveCount: number;
  /** Row offsets per curve, length K + 1. */
  start: Int32Array;
  /** Temperatures divided by drm's dose scaling. */
  xs: Float64Array;
  /** Responses divided by drm's response scaling. */
  ys: Float64Array;
  /** Grouped-layout row index of the i-th row of the file. */
  fileOrder: Int32Array;
}

/** optim's default finite-difference step in p space (`ndeps = 1e-3`, doc §5.6). */
export const NDEPS = 1e-3;

/**
 * Relative margin of the line search's early rejection: R's long-double sum of all terms is at
 * least the compensated sum of some of them, minus far less than this.
 */
const BOUND_MARGIN = 1e-9;

/** Which parameter of a curve a perturbation moves. */
const HILL = 0;
const MAX = 1;
const ED50 = 2;

/**
 * drm's objective and optim's numerical gradient for a joint LL.3 fit, in optim's p coordinates
 * (par = p · parscale). Parameter layout is drm's: [b_1..b_K, d_1..d_K, e_1..e_K].
 *
 * `value` is R's `fminfn`, `gradient` is R's `fmingr` (central differences, doc §5.6), and both
 * return the very doubles R computes: every residual uses the operations of drc's `llogistic`
 * with glibc's exp/log, and the sum is R's long-double `sum()` in file order (long-double-sum.ts).
 *
 * Speed without changing the numbers: perturbing one parameter changes only its own curve. So
 * the gradient evaluates all "b + h" curves in one batch (likewise b - h, e ± h; d ± h reuses the
 * denominators), sums each curve's terms, and adds a compensated sum of the other curves; the
 * long-double rounding is then certified, or, rarely, replayed over all terms in file order.
 * log(x/e) is reused when only b moves, exactly the value R recomputes.
 */
export class JointLl3Objective {
  readonly parameterCount: number;
  private readonly data: JointData;
  private readonly parscale: Float64Array;
  /** par = p · parscale, kept in sync by `value`/`gradient`. */
  private readonly par: Float64Array;
  /** Per-row parameters of the row's curve (b, e) and perturbed b ± h, e ± h. */
  private readonly rowHill: Float64Array;
  private readonly rowEd50: Float64Array;
  private readonly rowShifted: Float64Array;
  /** Per-row log(x/e), 1 + exp(b·log(x/e)) and squared residuals of the last full evaluation. */
  private readonly logRatio: Float64Array;
  private readonly denominator: Float64Array;
  private readonly terms: Float64Array;
  /** Per-row batches of the perturbed evaluations. */
  private readonly shiftedLog: Float64Array;
  private readonly shiftedExp: Float64Array;
  /** Squared residuals of the curve being perturbed (indexed from its first row). */
  private readonly curveTerms: Float64Array;
  /** Per-curve compensated sums of the last full evaluation, and "all curves before / after". */
  private readonly curveSum: Float64Array;
  private readonly curveCompensation: Float64Array;
  private readonly prefixSum: Float64Array;
  private readonly prefixCompensation: Float64Array;
  private readonly suffixSum: Float64Array;
  private readonly suffixCompensation: Float64Array;
  /** RSS with each curve's parameter moved up / down (one block at a time). */
  private readonly upper: Float64Array;
  private readonly lower: Float64Array;
  /** Per parameter: where the gradient's upper and lower evaluations put it, and their distance. */
  private readonly shiftedUp: Float64Array;
  private readonly shiftedDown: Float64Array;
  private readonly stepWidth: Float64Array;
  private readonly state: CompensatedSum = { sum: 0, compensation: 0 };
  private readonly partial: CompensatedSum = { sum: 0, compensation: 0 };
  /** The p of the last full evaluation. */
  private readonly evaluatedAt: Float64Array;
  private evaluated = false;
  /** Curve index of each (grouped-layout) row. */
  private readonly curveOfRow: Int32Array;

  constructor(data: JointData, parscale: Float64Array) {
    const k = data.curveCount;
    const n = data.xs.length;
    let longestCurve = 0;
    for (let c = 0; c < k; c++) {
      longestCurve = Math.max(longestCurve, data.start[c + 1]! - data.start[c]!);
    }
    this.data = data;
    this.parscale = parscale;
    this.parameterCount = 3 * k;
    this.par = new Float64Array(3 * k);
    this.rowHill = new Float64Array(n);
    this.rowEd50 = new Float64Array(n);
    this.rowShifted = new Float64Array(n);
    this.logRatio = new Float64Array(n);
    this.denominator = new Float64Array(n);
    this.terms = new Float64Array(n);
    this.shiftedLog = new Float64Array(n);
    this.shiftedExp = new Float64Array(n);
    this.curveTerms = new Float64Array(longestCurve);
    this.curveSum = new Float64Array(k);
    this.curveCompensation = new Float64Array(k);
    this.prefixSum = new Float64Array(k + 1);
    this.prefixCompensation = new Float64Array(k + 1);
    this.suffixSum = new Float64Array(k + 1);
    this.suffixCompensation = new Float64Array(k + 1);
    this.upper = new Float64Array(k);
    this.lower = new Float64Array(k);
    this.shiftedUp = new Float64Array(3 * k);
    this.shiftedDown = new Float64Array(3 * k);
    this.stepWidth = new Float64Array(3 * k);
    this.evaluatedAt = new Float64Array(3 * k);
    this.curveOfRow = new Int32Array(n);
    for (let c = 0; c < k; c++) this.curveOfRow.fill(c, data.start[c], data.start[c + 1]);
  }

  /** RSS (scaled units) at par = p · parscale. R's `fminfn`. */
  value(p: Float64Array): number {
    if (this.hasNegativeEd50(p)) return NaN;
    this.evaluate(p);
    return this.total();
  }

  /**
   * `value(p)`, or +Infinity as soon as the curves evaluated so far already sum to more than
   * `threshold` (every term is a square, so the rest can only add): the line search rejects
   * such a point either way, and most rejected points are given away by their first curves.
   * Curves are evaluated in chunks of 1, 2, 4, … so that a clear rejection costs little and a
   * full evaluation only a few more kernel calls. See `vmmin`'s `fnUnlessAbove`.
   */
  valueUnlessAbove(p: Float64Array, threshold: number): number {
    if (this.hasNegativeEd50(p)) return NaN;
    this.setPar(p);
    if (this.evaluated && this.sameAsEvaluated(p)) return this.total();
    this.evaluated = false;
    const k = this.data.curveCount;
    const limit = threshold + (threshold < 0 ? -threshold : threshold) * BOUND_MARGIN;
    const partial = this.partial;
    partial.sum = 0;
    partial.compensation = 0;
    let done = 0;
    for (let chunk = 1; done < k; chunk *= 2) {
      const to = Math.min(k, done + chunk);
      this.evaluateCurves(done, to);
      for (let curve = done; curve < to; curve++) {
        addCompensated(partial, this.curveSum[curve]!);
        partial.compensation += this.curveCompensation[curve]!;
      }
      done = to;
      // Not `bound > limit`: a NaN or infinite partial sum (NaN or Inf in R) also rejects.
      if (done < k && !(partial.sum + partial.compensation <= limit)) return Infinity;
    }
    this.evaluatedAt.set(p);
    this.evaluated = true;
    return this.total();
  }

  /**
   * A negative ED50 makes log(x / e) NaN for every row of its curve, so R's sum is NaN whatever
   * the other curves give: the line search only needs to know that.
   */
  private hasNegativeEd50(p: Float64Array): boolean {
    const k = this.data.curveCount;
    for (let curve = 0; curve < k; curve++) {
      if (p[2 * k + curve]! * this.parscale[2 * k + curve]! < 0) {
        this.setPar(p);
        return true;
      }
    }
    return false;
  }

  /** R's long-double sum of the last full evaluation's terms, in file order. */
  private total(): number {
    const k = this.data.curveCount;
    const total = this.state;
    total.sum = 0;
    total.compensation = 0;
    for (let curve = 0; curve < k; curve++) {
      addCompensated(total, this.curveSum[curve]!);
      total.compensation += this.curveCompensation[curve]!;
    }
    const certified = certifiedSum(total.sum, total.compensation, this.terms.length);
    return certified !== UNCERTAIN ? certified : this.replaySum(-1);
  }

  /**
   * Central-difference gradient in p space, R's `fmingr`. With `limits` (optim's bounds in p
   * space, as L-BFGS-B passes them), fmingr's bounded form: a step that would cross a bound ends
   * on it, and the difference is divided by the two steps actually taken.
   */
  gradient(
    p: Float64Array,
    df: Float64Array,
    limits?: { lower: Float64Array; upper: Float64Array },
  ): void {
    this.evaluate(p);
    this.buildPrefixSuffix();
    const k = this.data.curveCount;
    const { shiftedUp: up, shiftedDown: down, stepWidth: width } = this;
    for (let i = 0; i < 3 * k; i++) {
      if (!limits) {
        up[i] = p[i]! + NDEPS;
        down[i] = p[i]! - NDEPS;
        width[i] = 2 * NDEPS;
        continue;
      }
      let eps = NDEPS;
      let epsused = NDEPS;
      let tmp = p[i]! + eps;
      if (tmp > limits.upper[i]!) {
        tmp = limits.upper[i]!;
        epsused = tmp - p[i]!;
      }
      up[i] = tmp;
      tmp = p[i]! - eps;
      if (tmp < limits.lower[i]!) {
        tmp = limits.lower[i]!;
        eps = p[i]! - tmp;
      }
      down[i] = tmp;
      width[i] = epsused + eps;
    }
    for (let block = HILL; block <= ED50; block++) {
      this.shiftedBatch(block, up);
      for (let curve = 0; curve < k; curve++) {
        this.perturbedInto(block, curve, up, this.upper);
      }
      this.shiftedBatch(block, down);
      for (let curve = 0; curve < k; curve++) {
        this.perturbedInto(block, curve, down, this.lower);
      }
      // Checked in R's parameter order, so an error names the same parameter as R.
      for (let curve = 0; curve < k; curve++) {
        const i = block * k + curve;
        df[i] = (this.upper[curve]! - this.lower[curve]!) / width[i]!;
        if (!Number.isFinite(df[i])) {
          throw new OptimError(`non-finite finite-difference value [${i + 1}]`, i);
        }
      }
    }
  }

  /** par = p · parscale (a copy), as optim returns it. */
  parameters(p: Float64Array): Float64Array {
    this.setPar(p);
    return Float64Array.from(this.par);
  }

  private setPar(p: Float64Array): void {
    const par = this.par;
    const ps = this.parscale;
    for (let i = 0; i < p.length; i++) {
      if (!Number.isFinite(p[i]!)) throw new OptimError('non-finite value supplied by optim');
      par[i] = p[i]! * ps[i]!;
    }
  }

  /**
   * All rows at par: log(x/e), denominators, squared residuals and per-curve compensated sums.
   * optim asks for the gradient at the point its line search evaluated last, so an unchanged p
   * reuses that evaluation (the same doubles R recomputes).
   */
  private evaluate(p: Float64Array): void {
    this.setPar(p);
    if (this.evaluated && this.sameAsEvaluated(p)) return;
    this.evaluatedAt.set(p);
    this.evaluated = true;
    this.evaluateCurves(0, this.data.curveCount);
  }

  /** The rows of curves [fromCurve, toCurve) at `par`, and those curves' compensated sums. */
  private evaluateCurves(fromCurve: number, toCurve: number): void {
    const { xs, ys, start, curveCount: k } = this.data;
    const from = start[fromCurve]!;
    const to = start[toCurve]!;
    const curveOfRow = this.curveOfRow;
    for (let r = from; r < to; r++) {
      const curve = curveOfRow[r]!;
      this.rowHill[r] = this.par[curve]!;
      this.rowEd50[r] = this.par[2 * k + curve]!;
    }
    glibcLogOfRatios(xs, this.rowEd50, to, this.logRatio, from);
    glibcExpOfProducts(this.rowHill, this.logRatio, to, this.shiftedExp, from);
    for (let curve = fromCurve; curve < toCurve; curve++) {
      const d = this.par[k + curve]!;
      let sum = 0;
      let compensation = 0;
      for (let r = start[curve]!; r < start[curve + 1]!; r++) {
        const denominator = 1 + this.shiftedExp[r]!;
        this.denominator[r] = denominator;
        const residual = ys[r]! - d / denominator;
        const term = residual * residual;
        this.terms[r] = term;
        const t = sum + term;
        const tv = t - term;
        compensation += sum - tv + (term - (t - tv)); // TwoSum: no data-dependent branch
        sum = t;
      }
      this.curveSum[curve] = sum;
      this.curveCompensation[curve] = compensation;
    }
  }

  private sameAsEvaluated(p: Float64Array): boolean {
    const previous = this.evaluatedAt;
    for (let i = 0; i < p.length; i++) {
      const a = previous[i]!;
      const b = p[i]!;
      // Bitwise equality (0 and -0 differ: they give different log(x / e)).
      if (a !== b || (a === 0 && 1 / a !== 1 / b)) return false;
    }
    return true;
  }

  /**
   * For every curve at once, the exp terms with its b (block HILL) or e (block ED50) moved to
   * `shifted` in p space (R's `(p[i] + eps) * parscale[i]`, `shifted[i]` being `p[i] + eps` or
   * the bound it was cut at). Block MAX needs no batch.
   */
  private shiftedBatch(block: number, shifted: Float64Array): void {
    if (block === MAX) return;
    const { xs, curveCount: k } = this.data;
    const ps = this.parscale;
    const n = xs.length;
    const curveOfRow = this.curveOfRow;
    const offset = block * k;
    for (let r = 0; r < n; r++) {
      const i = offset + curveOfRow[r]!;
      this.rowShifted[r] = shifted[i]! * ps[i]!;
    }
    if (block === HILL) {
      glibcExpOfProducts(this.rowShifted, this.logRatio, n, this.shiftedExp);
    } else {
      glibcLogOfRatios(xs, this.rowShifted, n, this.shiftedLog);
      glibcExpOfProducts(this.rowHill, this.shiftedLog, n, this.shiftedExp);
    }
  }

  /**
   * R's RSS with parameter (block, curve) moved to `shifted`, from the batch of `shiftedBatch`,
   * into out[curve] (a typed-array slot: V8 boxes doubles returned from calls it does not inline).
   */
  private perturbedInto(
    block: number,
    curve: number,
    shifted: Float64Array,
    out: Float64Array,
  ): void {
    const { ys, start, curveCount: k } = this.data;
    const from = start[curve]!;
    const end = start[curve + 1]!;
    const i = block * k + curve;
    const d = block === MAX ? shifted[i]! * this.parscale[i]! : this.par[k + curve]!;
    let sum = 0;
    let compensation = 0;
    for (let r = from; r < end; r++) {
      const denominator = block === MAX ? this.denominator[r]! : 1 + this.shiftedExp[r]!;
      const residual = ys[r]! - d / denominator;
      const term = residual * residual;
      this.curveTerms[r - from] = term;
      const t = sum + term;
      const tv = t - term;
      compensation += sum - tv + (term - (t - tv));
      sum = t;
    }
    // (curves before + curves after) + this curve; all terms are non-negative.
    const total = this.state;
    total.sum = this.prefixSum[curve]!;
    total.compensation = this.prefixCompensation[curve]!;
    addCompensated(total, this.suffixSum[curve + 1]!);
    total.compensation += this.suffixCompensation[curve + 1]!;
    addCompensated(total, sum);
    total.compensation += compensation;
    const certified = certifiedSum(total.sum, total.compensation, this.terms.length);
    out[curve] = certified !== UNCERTAIN ? certified : this.replaySum(curve);
  }

  /**
   * R's long-double sum over all terms in file order; the terms of `changedCurve` (if >= 0)
   * come from `curveTerms`, all others from `terms`.
   */
  private replaySum(changedCurve: number): number {
    const { fileOrder, start } = this.data;
    const from = changedCurve >= 0 ? start[changedCurve]! : 0;
    const end = changedCurve >= 0 ? start[changedCurve + 1]! : 0;
    return longDoubleSumOfNonNegative(this.terms, fileOrder, this.curveTerms, from, end);
  }

  private buildPrefixSuffix(): void {
    const k = this.data.curveCount;
    const state = this.state;
    state.sum = 0;
    state.compensation = 0;
    for (let c = 0; c < k; c++) {
      this.prefixSum[c] = state.sum;
      this.prefixCompensation[c] = state.compensation;
      addCompensated(state, this.curveSum[c]!);
      state.compensation += this.curveCompensation[c]!;
    }
    state.sum = 0;
    state.compensation = 0;
    this.suffixSum[k] = 0;
    this.suffixCompensation[k] = 0;
    for (let c = k - 1; c >= 0; c--) {
      addCompensated(state, this.curveSum[c]!);
      state.compensation += this.curveCompensation[c]!;
      this.suffixSum[c] = state.sum;
      this.suffixCompensation[c] = state.compensation;
    }
  }
}
