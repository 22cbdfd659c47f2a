import { OptimError } from './vmmin';

/**
 * Scaled data of one joint drm fit: K curves (colonies), each with its own (b, d, e), rows of
 * curve k at `start[k] .. start[k + 1] - 1` in file order.
 */
export interface JointData {
  curveCount: number;
  /** Row offsets per curve, length K + 1. */
  start: Int32Array;
  /** Temperatures divided by drm's dose scaling. */
  xs: Float64Array;
  /** Responses divided by drm's response scaling. */
  ys: Float64Array;
}

/** optim's default finite-difference step in p space (`ndeps = 1e-3`, doc §5.6). */
export const NDEPS = 1e-3;

/**
 * drm's objective and optim's numerical gradient for a joint LL.3 fit, in optim's p coordinates
 * (par = p · parscale). Parameter layout is drm's: [b_1..b_K, d_1..d_K, e_1..e_K].
 *
 * `value` is R's `fminfn`, `gradient` is R's `fmingr` (central differences, doc §5.6).
 *
 * Speed without changing the numbers: the RSS is a sum of per-curve sums, and perturbing one
 * parameter changes only its own curve. So the gradient re-evaluates one curve per perturbation
 * and adds the (compensated) sum of the other curves, instead of re-summing all rows. It also
 * reuses log(x/e) when only b moves and 1 + exp(b·log(x/e)) when only d moves: these are the
 * very same floating-point operations R performs, so every residual is bit-identical to the
 * naive evaluation; only the summation is organised differently, and it is compensated (doc
 * §5.5: Neumaier in place of R's long-double `sum`).
 */
export class JointLl3Objective {
  readonly parameterCount: number;
  private readonly data: JointData;
  private readonly parscale: Float64Array;
  /** par = p · parscale, kept in sync by `value`/`gradient`. */
  private readonly par: Float64Array;
  /** Per-row caches at the gradient's base point: log(x/e) and 1 + exp(b·log(x/e)). */
  private readonly logRatio: Float64Array;
  private readonly denominator: Float64Array;
  /** Per-curve compensated sums at the gradient's base point (sum and compensation). */
  private readonly curveSum: Float64Array;
  private readonly curveCompensation: Float64Array;
  /** Compensated sums of the curves before / after k (prefix / suffix), for "all but k". */
  private readonly prefixSum: Float64Array;
  private readonly prefixCompensation: Float64Array;
  private readonly suffixSum: Float64Array;
  private readonly suffixCompensation: Float64Array;
  /** Result registers of the last per-curve sum (avoids allocating a pair per call). */
  private lastSum = 0;
  private lastCompensation = 0;
  /** Number of objective evaluations, counting each finite-difference evaluation as R does. */
  evaluations = 0;

  constructor(data: JointData, parscale: Float64Array) {
    const k = data.curveCount;
    this.data = data;
    this.parscale = parscale;
    this.parameterCount = 3 * k;
    this.par = new Float64Array(3 * k);
    this.logRatio = new Float64Array(data.xs.length);
    this.denominator = new Float64Array(data.xs.length);
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
    this.evaluations++;
    const k = this.data.curveCount;
    const par = this.par;
    let sum = 0;
    let compensation = 0;
    for (let curve = 0; curve < k; curve++) {
      this.sumCurve(curve, par[curve]!, par[k + curve]!, par[2 * k + curve]!, false);
      const t = sum + this.lastSum;
      compensation +=
        Math.abs(sum) >= Math.abs(this.lastSum) ? sum - t + this.lastSum : this.lastSum - t + sum;
      sum = t;
      compensation += this.lastCompensation;
    }
    return sum + compensation;
  }

  /** Central-difference gradient in p space, R's `fmingr` without bounds. */
  gradient(p: Float64Array, df: Float64Array): void {
    this.setPar(p);
    const k = this.data.curveCount;
    const par = this.par;
    const ps = this.parscale;
    for (let curve = 0; curve < k; curve++) {
      this.sumCurve(curve, par[curve]!, par[k + curve]!, par[2 * k + curve]!, true);
      this.curveSum[curve] = this.lastSum;
      this.curveCompensation[curve] = this.lastCompensation;
    }
    this.buildPrefixSuffix();
    const eps = NDEPS;
    for (let i = 0; i < 3 * k; i++) {
      const block = i < k ? 0 : i < 2 * k ? 1 : 2;
      const curve = i - block * k;
      const b = par[curve]!;
      const d = par[k + curve]!;
      const e = par[2 * k + curve]!;
      const up = (p[i]! + eps) * ps[i]!;
      const down = (p[i]! - eps) * ps[i]!;
      const val1 = this.valueWithCurveChanged(curve, block, up, b, d, e);
      const val2 = this.valueWithCurveChanged(curve, block, down, b, d, e);
      df[i] = (val1 - val2) / (2 * eps);
      if (!Number.isFinite(df[i]!)) {
        throw new OptimError(`non-finite finite-difference value [${i + 1}]`, i);
      }
    }
  }

  /** The parameter vector in original drm units of the last evaluation (a copy). */
  parameters(p: Float64Array): Float64Array {
    this.setPar(p);
    return Float64Array.from(this.par);
  }

  private setPar(p: Float64Array): void {
    const par = this.par;
    const ps = this.parscale;
    for (let i = 0; i < p.length; i++) {
      // fminfn: error(_("non-finite value supplied by optim"))
      if (!Number.isFinite(p[i]!)) throw new OptimError('non-finite value supplied by optim');
      par[i] = p[i]! * ps[i]!;
    }
  }

  /** Full RSS of one curve into lastSum/lastCompensation; optionally caches its row terms. */
  private sumCurve(curve: number, b: number, d: number, e: number, cache: boolean): void {
    const { xs, ys, start } = this.data;
    const end = start[curve + 1]!;
    let sum = 0;
    let compensation = 0;
    for (let r = start[curve]!; r < end; r++) {
      const logRatio = Math.log(xs[r]! / e);
      const denominator = 1 + Math.exp(b * logRatio);
      if (cache) {
        this.logRatio[r] = logRatio;
        this.denominator[r] = denominator;
      }
      const residual = ys[r]! - d / denominator;
      const term = residual * residual;
      const t = sum + term;
      compensation += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
      sum = t;
    }
    this.lastSum = sum;
    this.lastCompensation = compensation;
  }

  /** RSS of one curve where only b changed: reuses the cached log(x/e). */
  private sumCurveNewHill(curve: number, b: number, d: number): void {
    const { ys, start } = this.data;
    const end = start[curve + 1]!;
    let sum = 0;
    let compensation = 0;
    for (let r = start[curve]!; r < end; r++) {
      const residual = ys[r]! - d / (1 + Math.exp(b * this.logRatio[r]!));
      const term = residual * residual;
      const t = sum + term;
      compensation += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
      sum = t;
    }
    this.lastSum = sum;
    this.lastCompensation = compensation;
  }

  /** RSS of one curve where only d changed: reuses the cached 1 + exp(b·log(x/e)). */
  private sumCurveNewMax(curve: number, d: number): void {
    const { ys, start } = this.data;
    const end = start[curve + 1]!;
    let sum = 0;
    let compensation = 0;
    for (let r = start[curve]!; r < end; r++) {
      const residual = ys[r]! - d / this.denominator[r]!;
      const term = residual * residual;
      const t = sum + term;
      compensation += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
      sum = t;
    }
    this.lastSum = sum;
    this.lastCompensation = compensation;
  }

  private valueWithCurveChanged(
    curve: number,
    block: number,
    changed: number,
    b: number,
    d: number,
    e: number,
  ): number {
    this.evaluations++;
    if (block === 0) this.sumCurveNewHill(curve, changed, d);
    else if (block === 1) this.sumCurveNewMax(curve, changed);
    else this.sumCurve(curve, b, d, changed, false);
    // (prefix + suffix) + this curve, all terms non-negative, so no cancellation.
    let sum = this.prefixSum[curve]!;
    let compensation = this.prefixCompensation[curve]!;
    const suffix = this.suffixSum[curve + 1]!;
    let t = sum + suffix;
    compensation += Math.abs(sum) >= Math.abs(suffix) ? sum - t + suffix : suffix - t + sum;
    sum = t;
    compensation += this.suffixCompensation[curve + 1]!;
    t = sum + this.lastSum;
    compensation +=
      Math.abs(sum) >= Math.abs(this.lastSum) ? sum - t + this.lastSum : this.lastSum - t + sum;
    sum = t;
    compensation += this.lastCompensation;
    return sum + compensation;
  }

  private buildPrefixSuffix(): void {
    const k = this.data.curveCount;
    const { prefixSum, prefixCompensation, suffixSum, suffixCompensation } = this;
    prefixSum[0] = 0;
    prefixCompensation[0] = 0;
    for (let c = 0; c < k; c++) {
      const s = prefixSum[c]!;
      const x = this.curveSum[c]!;
      const t = s + x;
      prefixCompensation[c + 1] =
        prefixCompensation[c]! +
        (Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s) +
        this.curveCompensation[c]!;
      prefixSum[c + 1] = t;
    }
    suffixSum[k] = 0;
    suffixCompensation[k] = 0;
    for (let c = k - 1; c >= 0; c--) {
      const s = suffixSum[c + 1]!;
      const x = this.curveSum[c]!;
      const t = s + x;
      suffixCompensation[c] =
        suffixCompensation[c + 1]! +
        (Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s) +
        this.curveCompensation[c]!;
      suffixSum[c] = t;
    }
  }
}
