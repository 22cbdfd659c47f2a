import { addCompensated, type CompensatedSum } from './compensated-sum';
import { glibcExpOfProducts, glibcLogOfRatios } from './glibc-exp-log';
import { UNCERTAIN, certifiedSum, longDoubleSumOfNonNegative } from './long-double-sum';
import { OptimError } from './vmmin';

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
 * drm's objective and optim's numerical gradient for a joint LL.3 fit, in optim's p coordinates
 * (par = p · parscale). Parameter layout is drm's: [b_1..b_K, d_1..d_K, e_1..e_K].
 *
 * `value` is R's `fminfn`, `gradient` is R's `fmingr` (central differences, doc §5.6), and both
 * return the very doubles R computes: every residual uses the operations of drc's `llogistic`
 * with glibc's exp/log, and the sum is R's long-double `sum()` in file order (long-double-sum.ts).
 *
 * Speed without changing the numbers: perturbing one parameter changes only its own curve, so
 * the gradient re-evaluates one curve per perturbation and adds a compensated sum of the other
 * curves' (cached) terms; the long-double rounding is then certified, or, rarely, replayed over
 * all terms in file order. It also reuses log(x/e) when only b moves and 1 + exp(b·log(x/e))
 * when only d moves, which are the same floating-point values R recomputes.
 */
export class JointLl3Objective {
  readonly parameterCount: number;
  private readonly data: JointData;
  private readonly parscale: Float64Array;
  /** par = p · parscale, kept in sync by `value`/`gradient`. */
  private readonly par: Float64Array;
  /** Squared residuals of the last full evaluation (grouped layout). */
  private readonly terms: Float64Array;
  /** Squared residuals of the curve being perturbed (indexed from its first row). */
  private readonly curveTerms: Float64Array;
  /** Per-row log(x/e) and 1 + exp(b·log(x/e)) of the last full evaluation (gradient base). */
  private readonly logRatio: Float64Array;
  private readonly denominator: Float64Array;
  /** Scratch rows for the perturbed curve: log(x/e') and exp(b'·log(x/e)). */
  private readonly logScratch: Float64Array;
  private readonly expScratch: Float64Array;
  /** Per-curve compensated sums at the gradient's base point. */
  private readonly curveSum: Float64Array;
  private readonly curveCompensation: Float64Array;
  /** Compensated sums of the curves before / after k, for "all curves but k". */
  private readonly prefixSum: Float64Array;
  private readonly prefixCompensation: Float64Array;
  private readonly suffixSum: Float64Array;
  private readonly suffixCompensation: Float64Array;
  private readonly state: CompensatedSum = { sum: 0, compensation: 0 };
  private readonly changedValue = new Float64Array(1);

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
    this.terms = new Float64Array(n);
    this.curveTerms = new Float64Array(longestCurve);
    this.logRatio = new Float64Array(n);
    this.denominator = new Float64Array(n);
    this.logScratch = new Float64Array(n);
    this.expScratch = new Float64Array(n);
    this.curveSum = new Float64Array(k);
    this.curveCompensation = new Float64Array(k);
    this.prefixSum = new Float64Array(k + 1);
    this.prefixCompensation = new Float64Array(k + 1);
    this.suffixSum = new Float64Array(k + 1);
    this.suffixCompensation = new Float64Array(k + 1);
  }

  /** RSS (scaled units) at par = p · parscale. R's `fminfn`. */
  value(p: Float64Array): number {
    this.setPar(p);
    const k = this.data.curveCount;
    const par = this.par;
    const total = this.state;
    total.sum = 0;
    total.compensation = 0;
    for (let curve = 0; curve < k; curve++) {
      this.sumCurve(curve, par[curve]!, par[k + curve]!, par[2 * k + curve]!);
      addCompensated(total, this.curveSum[curve]!);
      total.compensation += this.curveCompensation[curve]!;
    }
    const certified = certifiedSum(total.sum, total.compensation, this.terms.length);
    return certified !== UNCERTAIN ? certified : this.replaySum(-1);
  }

  /** Central-difference gradient in p space, R's `fmingr` without bounds. */
  gradient(p: Float64Array, df: Float64Array): void {
    this.setPar(p);
    const k = this.data.curveCount;
    const par = this.par;
    const ps = this.parscale;
    for (let curve = 0; curve < k; curve++) {
      this.sumCurve(curve, par[curve]!, par[k + curve]!, par[2 * k + curve]!);
    }
    this.buildPrefixSuffix();
    for (let i = 0; i < 3 * k; i++) {
      const block = i < k ? 0 : i < 2 * k ? 1 : 2;
      const curve = i - block * k;
      const up = (p[i]! + NDEPS) * ps[i]!;
      const down = (p[i]! - NDEPS) * ps[i]!;
      this.valueWithCurveChanged(curve, block, up);
      const val1 = this.changedValue[0]!;
      this.valueWithCurveChanged(curve, block, down);
      const val2 = this.changedValue[0]!;
      df[i] = (val1 - val2) / (2 * NDEPS);
      if (!Number.isFinite(df[i]!)) {
        throw new OptimError(`non-finite finite-difference value [${i + 1}]`, i);
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
   * Squared residuals of one curve into `terms`, its compensated sum into curveSum /
   * curveCompensation, and its log(x/e) and denominators into the per-row caches.
   */
  private sumCurve(curve: number, b: number, d: number, e: number): void {
    const { xs, ys, start } = this.data;
    const from = start[curve]!;
    const end = start[curve + 1]!;
    glibcLogOfRatios(xs, e, from, end, this.logRatio);
    glibcExpOfProducts(b, this.logRatio, from, end, this.expScratch);
    let sum = 0;
    let compensation = 0;
    for (let r = from; r < end; r++) {
      const denominator = 1 + this.expScratch[r]!;
      this.denominator[r] = denominator;
      const residual = ys[r]! - d / denominator;
      const term = residual * residual;
      this.terms[r] = term;
      const t = sum + term;
      compensation += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
      sum = t;
    }
    this.curveSum[curve] = sum;
    this.curveCompensation[curve] = compensation;
  }

  /**
   * R's RSS with one parameter of `curve` (block 0 = b, 1 = d, 2 = e) set to `changed`, into
   * `changedValue[0]` (a typed-array slot rather than a return value: V8 boxes doubles returned
   * from calls it does not inline, and this runs 6 K times per gradient).
   */
  private valueWithCurveChanged(curve: number, block: number, changed: number): void {
    const { xs, ys, start } = this.data;
    const k = this.data.curveCount;
    const from = start[curve]!;
    const end = start[curve + 1]!;
    const d = block === 1 ? changed : this.par[k + curve]!;
    if (block === 0) {
      glibcExpOfProducts(changed, this.logRatio, from, end, this.expScratch);
    } else if (block === 2) {
      glibcLogOfRatios(xs, changed, from, end, this.logScratch);
      glibcExpOfProducts(this.par[curve]!, this.logScratch, from, end, this.expScratch);
    }
    let sum = 0;
    let compensation = 0;
    for (let r = from; r < end; r++) {
      const denominator = block === 1 ? this.denominator[r]! : 1 + this.expScratch[r]!;
      const residual = ys[r]! - d / denominator;
      const term = residual * residual;
      this.curveTerms[r - from] = term;
      const t = sum + term;
      compensation += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
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
    this.changedValue[0] = certified !== UNCERTAIN ? certified : this.replaySum(curve);
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
