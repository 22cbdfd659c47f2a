import { addCompensated, type CompensatedSum } from './compensated-sum';
import { glibcExp, glibcLog } from './glibc-exp-log';
import { LongDoubleAccumulator, UNCERTAIN, certifiedSum } from './long-double-sum';
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
  /** Per-row caches at the gradient's base point: log(x/e) and 1 + exp(b·log(x/e)). */
  private readonly logRatio: Float64Array;
  private readonly denominator: Float64Array;
  /** Per-curve compensated sums at the gradient's base point. */
  private readonly curveSum: Float64Array;
  private readonly curveCompensation: Float64Array;
  /** Compensated sums of the curves before / after k, for "all curves but k". */
  private readonly prefixSum: Float64Array;
  private readonly prefixCompensation: Float64Array;
  private readonly suffixSum: Float64Array;
  private readonly suffixCompensation: Float64Array;
  private readonly state: CompensatedSum = { sum: 0, compensation: 0 };
  private readonly accumulator = new LongDoubleAccumulator();

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
      this.sumCurve(curve, par[curve]!, par[k + curve]!, par[2 * k + curve]!, false);
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
      this.sumCurve(curve, par[curve]!, par[k + curve]!, par[2 * k + curve]!, true);
    }
    this.buildPrefixSuffix();
    for (let i = 0; i < 3 * k; i++) {
      const block = i < k ? 0 : i < 2 * k ? 1 : 2;
      const curve = i - block * k;
      const up = (p[i]! + NDEPS) * ps[i]!;
      const down = (p[i]! - NDEPS) * ps[i]!;
      const val1 = this.valueWithCurveChanged(curve, block, up);
      const val2 = this.valueWithCurveChanged(curve, block, down);
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
   * Squared residuals of one curve into `terms` and its compensated sum into curveSum /
   * curveCompensation; with `cache`, also keeps log(x/e) and the denominators.
   */
  private sumCurve(curve: number, b: number, d: number, e: number, cache: boolean): void {
    const { xs, ys, start } = this.data;
    const end = start[curve + 1]!;
    let sum = 0;
    let compensation = 0;
    for (let r = start[curve]!; r < end; r++) {
      const logRatio = glibcLog(xs[r]! / e);
      const denominator = 1 + glibcExp(b * logRatio);
      if (cache) {
        this.logRatio[r] = logRatio;
        this.denominator[r] = denominator;
      }
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

  /** R's RSS with one parameter of `curve` (block 0 = b, 1 = d, 2 = e) set to `changed`. */
  private valueWithCurveChanged(curve: number, block: number, changed: number): number {
    const { xs, ys, start } = this.data;
    const k = this.data.curveCount;
    const from = start[curve]!;
    const end = start[curve + 1]!;
    const b = block === 0 ? changed : this.par[curve]!;
    const d = block === 1 ? changed : this.par[k + curve]!;
    let sum = 0;
    let compensation = 0;
    for (let r = from; r < end; r++) {
      let denominator: number;
      if (block === 0) denominator = 1 + glibcExp(b * this.logRatio[r]!);
      else if (block === 1) denominator = this.denominator[r]!;
      else denominator = 1 + glibcExp(b * glibcLog(xs[r]! / changed));
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
    return certified !== UNCERTAIN ? certified : this.replaySum(curve);
  }

  /**
   * R's long-double sum over all terms in file order; the terms of `changedCurve` (if >= 0)
   * come from `curveTerms`, all others from `terms`.
   */
  private replaySum(changedCurve: number): number {
    const { fileOrder, start } = this.data;
    const from = changedCurve >= 0 ? start[changedCurve]! : 0;
    const end = changedCurve >= 0 ? start[changedCurve + 1]! : 0;
    const accumulator = this.accumulator;
    accumulator.reset();
    for (let i = 0; i < fileOrder.length; i++) {
      const r = fileOrder[i]!;
      accumulator.add(r >= from && r < end ? this.curveTerms[r - from]! : this.terms[r]!);
    }
    return accumulator.value();
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
