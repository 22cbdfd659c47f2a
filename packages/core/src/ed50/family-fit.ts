import { drmConvertStart } from './drm-convert-start';
import { DrmFitError, drmScaling, type DrmRows } from './drm-fit';
import { NDEPS } from './joint-objective';
import { lmLineFit } from './lm-line-fit';
import {
  MODEL_FAMILIES,
  MODEL_PARAMETERS,
  modelValue,
  parameterScale,
  type EdModel,
  type ModelFamily,
  type ModelKind,
  type ModelParameters,
} from './model-families';
import { rMean } from './r-numerics/compensated-sum';
import { glibcExp, glibcLog } from './r-numerics/glibc-exp-log';
import { LongDoubleAccumulator } from './r-numerics/long-double-sum';
import { optimHessian } from './r-numerics/optim-hessian';
import { OptimError, vmmin } from './r-numerics/vmmin';
import { widenedResponseRange, type SelfStartFailure } from './self-start';

/** drc's `drmc()` defaults as drm passes them to optim (ed50-algorithm §5.6). */
const MAX_ITERATIONS = 500;
const RELATIVE_TOLERANCE = 1e-7;
/** parscale entries below this are replaced by 1 (drmOpt). */
const PARSCALE_FLOOR = 1e-4;

/** A drm fit of any family of model-families.ts, K curves in one optimisation. */
export interface DrmFamilyFit {
  model: EdModel;
  /** Per curve, every parameter in original units (fixed ones with their fixed value). */
  parameters: ModelParameters[];
  /** drm's starting point per curve (`fit$start`), original units, fixed parameters included. */
  start: ModelParameters[];
  /** Per-curve residual sum of squares, original units. */
  curveRss: Float64Array;
  /** drm's `fit$value`: the RSS re-evaluated at the final parameters, original units. */
  rss: number;
  observationCount: number;
  /** Estimated parameters (K times the family's free ones). */
  parameterCount: number;
  /** R's `logLik(fit)` and `AIC(fit)` (drc's logLik.drc with drmEMls's llfct). */
  logLik: number;
  aic: number;
  convergence: 0 | 1;
  functionEvaluations: number;
  /**
   * optim's Hessian in original units as drm rescales it (row-major, drm's parameter order),
   * only when requested: the delta-method intervals need it.
   */
  hessian: Float64Array | null;
}

/**
 * `drm(y ~ x, curveid = curve, fct = <family>())` for the families other than LL.3's own path
 * (drm-fit.ts), reproducing drc 3.0-1 step by step: drm's dose/response scaling (only for the
 * log-logistic families, which have a scaleFct), the family's self-starter (`method = "1"`:
 * findcd, then findbe1's lm on the family's linearising transform) per curve, drm's replacement
 * of zero starts and drmConvertParm, drmOpt's parscale and R's BFGS on the long-double RSS with
 * optim's central-difference gradient, and the back-transformation.
 *
 * optim's Hessian is computed only with `hessian`: drm always asks for it, and its failure fails
 * drm as a whole (`hessian: true` does the same: a DrmFitError), but it is needed only for the
 * standard errors, so without intervals a fit drc would reject at that last step is kept, and
 * with `'if-possible'` (the joint fit's intervals) it is kept without a Hessian.
 */
export function fitDrmFamily(
  model: EdModel,
  rows: DrmRows,
  options: { hessian?: boolean | 'if-possible' } = {},
): DrmFamilyFit {
  const family = MODEL_FAMILIES[model];
  const k = rows.curveCount;
  const free = family.free;
  const m = free.length;
  const doseScaling = family.scaled ? drmScaling(rows.temperature) : 1;
  const responseScaling = family.scaled ? drmScaling(rows.response) : 1;
  const data = groupedData(rows, doseScaling, responseScaling);

  const selfStart = new Float64Array(m * k);
  const rowsPerCurve = new Int32Array(k);
  for (let curve = 0; curve < k; curve++) {
    const from = data.start[curve]!;
    const to = data.start[curve + 1]!;
    rowsPerCurve[curve] = to - from;
    const result = selfStartFamily(
      family.kind,
      data.xs.subarray(from, to),
      data.ys.subarray(from, to),
    );
    if (!result.ok) {
      throw new DrmFitError(`self-starter failed: ${result.reason}`, curve, result.reason);
    }
    free.forEach((parameter, block) => {
      selfStart[block * k + curve] = result.start[parameter];
    });
  }
  const startVec = drmConvertStart(selfStart, replaceZeroStarts(selfStart, m, k), rowsPerCurve);

  const parscale = new Float64Array(m * k);
  const p = new Float64Array(m * k);
  for (let i = 0; i < m * k; i++) {
    const scale = Math.abs(startVec[i]!);
    parscale[i] = scale < PARSCALE_FLOOR ? 1 : scale;
    p[i] = startVec[i]! / parscale[i]!;
  }

  const objective = new FamilyObjective(family, data, parscale, responseScaling, doseScaling);
  let result;
  try {
    result = vmmin(
      p,
      (q) => objective.value(q),
      (q, g) => objective.gradient(q, g),
      { maxit: MAX_ITERATIONS, abstol: -Infinity, reltol: RELATIVE_TOLERANCE },
    );
  } catch (error) {
    if (error instanceof OptimError) {
      const curve = error.parameterIndex === undefined ? undefined : error.parameterIndex % k;
      throw new DrmFitError(error.message, curve);
    }
    throw error;
  }
  const par = objective.parameters(result.p);
  const scaledRss = objective.value(result.p);
  let hessian: Float64Array | null = null;
  if (options.hessian) {
    try {
      hessian = optimHessian(par, parscale, NDEPS, (q, g) => objective.gradient(q, g));
    } catch (error) {
      if (!(error instanceof OptimError)) throw error;
      if (options.hessian !== 'if-possible') throw new DrmFitError(error.message);
    }
    if (hessian && family.scaled) rescaleHessian(hessian, family, k, doseScaling, responseScaling);
  }
  const rss = scaledRss * (responseScaling * responseScaling);
  const n = data.xs.length;
  const parameterCount = m * k;
  const { logLik, aic } = drcInformation(rss, n, parameterCount);

  const scale = (parameter: (typeof free)[number]) =>
    parameterScale(parameter, doseScaling, responseScaling);
  const parameters: ModelParameters[] = [];
  const start: ModelParameters[] = [];
  const curveRss = new Float64Array(k);
  for (let curve = 0; curve < k; curve++) {
    const fitted = fullParameters(family, (block) => par[block * k + curve]!, 1, 1);
    const original = { ...fitted };
    const startValues = fullParameters(family, (block) => startVec[block * k + curve]!, 1, 1);
    for (const parameter of free) {
      original[parameter] = fitted[parameter] * scale(parameter);
      startValues[parameter] = startValues[parameter] * scale(parameter);
    }
    parameters.push(original);
    start.push(startValues);
    const scaledCurve = fullParameters(
      family,
      (block) => par[block * k + curve]!,
      doseScaling,
      responseScaling,
    );
    let sum = 0;
    for (let r = data.start[curve]!; r < data.start[curve + 1]!; r++) {
      const residual = data.ys[r]! - modelValue(family.kind, data.xs[r]!, scaledCurve);
      sum += residual * residual;
    }
    curveRss[curve] = sum * responseScaling * responseScaling;
  }
  return {
    model,
    parameters,
    start,
    curveRss,
    rss,
    observationCount: n,
    parameterCount,
    logLik,
    aic,
    convergence: result.convergence,
    functionEvaluations: result.functionEvaluations,
    hessian,
  };
}

/**
 * drm after optim, for families with a scaleFct: hessian · (1 / outer(scale / rs, scale / rs)),
 * scale being each parameter's factor between scaled and original units.
 */
function rescaleHessian(
  hessian: Float64Array,
  family: ModelFamily,
  k: number,
  doseScaling: number,
  responseScaling: number,
): void {
  const n = family.free.length * k;
  const factor = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const parameter = family.free[Math.floor(i / k)]!;
    factor[i] = parameterScale(parameter, doseScaling, responseScaling) / responseScaling;
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      hessian[i * n + j] = hessian[i * n + j]! * (1 / (factor[i]! * factor[j]!));
    }
  }
}

/**
 * R's `logLik(fit)` and `AIC(fit)` for a least-squares drm fit: drmEMls's llfct,
 * -(n/2)(log(2 pi) + log(RSS) - log(n) + 1) with n = the number of observations, and
 * -2 logLik + 2 (parameters + 1), the residual variance counting as one more parameter.
 */
export function drcInformation(
  rss: number,
  observationCount: number,
  parameterCount: number,
): { logLik: number; aic: number } {
  const n = observationCount;
  const logLik = -(n / 2) * (glibcLog(2 * Math.PI) + glibcLog(rss) - glibcLog(n) + 1);
  return { logLik, aic: -2 * logLik + 2 * (parameterCount + 1) };
}

interface GroupedData {
  /** Row offsets per curve, length K + 1. */
  start: Int32Array;
  xs: Float64Array;
  ys: Float64Array;
  /** Grouped-layout row index of the i-th row of the file (the order R sums residuals in). */
  fileOrder: Int32Array;
  /** Curve of each grouped-layout row. */
  curveOfRow: Int32Array;
}

function groupedData(rows: DrmRows, doseScaling: number, responseScaling: number): GroupedData {
  const k = rows.curveCount;
  const n = rows.curve.length;
  const start = new Int32Array(k + 1);
  for (let i = 0; i < n; i++) start[rows.curve[i]! + 1]! += 1;
  for (let curve = 0; curve < k; curve++) start[curve + 1]! += start[curve]!;
  const next = start.slice(0, k);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const fileOrder = new Int32Array(n);
  const curveOfRow = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const curve = rows.curve[i]!;
    const position = next[curve]!++;
    // drmEMls: (resp / respScaling) - multCurves(dose / doseScaling, parm); x / 1 is x.
    xs[position] = rows.temperature[i]! / doseScaling;
    ys[position] = rows.response[i]! / responseScaling;
    fileOrder[i] = position;
    curveOfRow[position] = curve;
  }
  return { start, xs, ys, fileOrder, curveOfRow };
}

/**
 * All five parameters of one curve from its free values (`value(block)`), the fixed ones as
 * llogistic's retFct passes them to the scaled fit: parmVec / c(1, rs, rs, ds, 1) (drc's
 * Weibull families have no scaling, so there rs = ds = 1).
 */
function fullParameters(
  family: ModelFamily,
  value: (block: number) => number,
  doseScaling: number,
  responseScaling: number,
): ModelParameters {
  const out: ModelParameters = { b: 0, c: 0, d: 0, e: 0, f: 1 };
  for (const parameter of MODEL_PARAMETERS) {
    const block = family.free.indexOf(parameter);
    out[parameter] =
      block >= 0
        ? value(block)
        : (family.fixed[parameter] ?? (parameter === 'f' ? 1 : 0)) /
          parameterScale(parameter, doseScaling, responseScaling);
  }
  return out;
}

/** drm: a start value of exactly 0 is replaced by the mean (R's `mean()`) of its block. */
function replaceZeroStarts(selfStart: Float64Array, blocks: number, k: number): Float64Array {
  const startVec = selfStart.slice();
  for (let block = 0; block < blocks; block++) {
    const values = startVec.subarray(block * k, (block + 1) * k);
    if (!values.includes(0)) continue;
    const mean = rMean(values);
    for (let i = 0; i < k; i++) if (values[i] === 0) values[i] = mean;
  }
  return startVec;
}

type FamilyStart = { ok: true; start: ModelParameters } | { ok: false; reason: SelfStartFailure };

/**
 * The family's self-starter, `method = "1"` (drc's default), on one curve's (scaled) rows:
 * findcd's c0 / d0 (range widened by 0.1 % each side), then findbe1: `lm(ytrans(y) ~ log(x))`
 * with rows x <= 0 left out (NA), b = slope and e = exp(-intercept / b). ytrans is llogistic's
 * log((d0 - y) / (y - c0)), weibull1's log(-log((y - c0) / (d0 - c0))) or weibull2's
 * log(-log((d0 - y) / (d0 - c0))). f starts at 1.
 */
export function selfStartFamily(
  kind: ModelKind,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
): FamilyStart {
  const n = xs.length;
  const range = widenedResponseRange(ys);
  if (range === null) return { ok: false, reason: 'constant_response' };
  const { c0, d0 } = range;
  const logX: number[] = [];
  const z: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    const zi =
      kind === 'log-logistic'
        ? glibcLog((d0 - y) / (y - c0))
        : kind === 'weibull-1'
          ? glibcLog(-glibcLog((y - c0) / (d0 - c0)))
          : glibcLog(-glibcLog((d0 - y) / (d0 - c0)));
    if (!(x > 0) || Number.isNaN(zi)) continue;
    // lm() stops on an infinite response ("NA/NaN/Inf in 'y'"), which fails drm.
    if (!Number.isFinite(zi)) return { ok: false, reason: 'degenerate_start' };
    logX.push(glibcLog(x));
    z.push(zi);
  }
  if (z.length === 0) return { ok: false, reason: 'degenerate_start' };
  const coefficients = lmLineFit(logX, z);
  if (coefficients === null) return { ok: false, reason: 'single_temperature' };
  const [intercept, b] = coefficients;
  const e = glibcExp(-intercept / b);
  if (!Number.isFinite(b) || !Number.isFinite(e) || !Number.isFinite(d0)) {
    return { ok: false, reason: 'degenerate_start' };
  }
  return { ok: true, start: { b, c: c0, d: d0, e, f: 1 } };
}

/**
 * drmEMls's objective (the RSS in scaled units, R's long-double `sum()` in file order) and
 * optim's `fmingr` central differences, in optim's p coordinates (par = p · parscale), drm's
 * layout [b_1..b_K, c_1..c_K, …] over the family's free parameters. A perturbation changes only
 * its own curve, so only that curve's rows are re-evaluated; the sum is always R's, over all rows.
 */
class FamilyObjective {
  private readonly k: number;
  private readonly par: Float64Array;
  private readonly terms: Float64Array;
  private readonly saved: Float64Array;
  private readonly accumulator = new LongDoubleAccumulator();
  private readonly curve: ModelParameters = { b: 0, c: 0, d: 0, e: 0, f: 1 };

  constructor(
    private readonly family: ModelFamily,
    private readonly data: GroupedData,
    private readonly parscale: Float64Array,
    private readonly responseScaling: number,
    private readonly doseScaling: number,
  ) {
    this.k = data.start.length - 1;
    this.par = new Float64Array(parscale.length);
    this.terms = new Float64Array(data.xs.length);
    let longest = 0;
    for (let c = 0; c < this.k; c++) {
      longest = Math.max(longest, data.start[c + 1]! - data.start[c]!);
    }
    this.saved = new Float64Array(longest);
  }

  value(p: Float64Array): number {
    this.setPar(p);
    for (let curve = 0; curve < this.k; curve++) this.evaluateCurve(curve);
    return this.sum();
  }

  gradient(p: Float64Array, df: Float64Array): void {
    this.setPar(p);
    for (let curve = 0; curve < this.k; curve++) this.evaluateCurve(curve);
    const k = this.k;
    const { start } = this.data;
    for (let i = 0; i < p.length; i++) {
      const curve = i % k;
      const from = start[curve]!;
      const to = start[curve + 1]!;
      this.saved.set(this.terms.subarray(from, to));
      this.par[i] = (p[i]! + NDEPS) * this.parscale[i]!;
      this.evaluateCurve(curve);
      const upper = this.sum();
      this.par[i] = (p[i]! - NDEPS) * this.parscale[i]!;
      this.evaluateCurve(curve);
      const lower = this.sum();
      this.par[i] = p[i]! * this.parscale[i]!;
      this.terms.set(this.saved.subarray(0, to - from), from);
      df[i] = (upper - lower) / (2 * NDEPS);
      if (!Number.isFinite(df[i])) {
        throw new OptimError(`non-finite finite-difference value [${i + 1}]`, i);
      }
    }
  }

  parameters(p: Float64Array): Float64Array {
    this.setPar(p);
    return Float64Array.from(this.par);
  }

  private setPar(p: Float64Array): void {
    for (let i = 0; i < p.length; i++) {
      if (!Number.isFinite(p[i]!)) throw new OptimError('non-finite value supplied by optim');
      this.par[i] = p[i]! * this.parscale[i]!;
    }
  }

  private evaluateCurve(curve: number): void {
    const { family, k } = this;
    const values = this.curve;
    for (const parameter of MODEL_PARAMETERS) {
      const block = family.free.indexOf(parameter);
      values[parameter] =
        block >= 0
          ? this.par[block * k + curve]!
          : (family.fixed[parameter] ?? (parameter === 'f' ? 1 : 0)) /
            parameterScale(parameter, this.doseScaling, this.responseScaling);
    }
    const { xs, ys, start } = this.data;
    for (let r = start[curve]!; r < start[curve + 1]!; r++) {
      const residual = ys[r]! - modelValue(family.kind, xs[r]!, values);
      this.terms[r] = residual * residual;
    }
  }

  /** R's `sum()` of the squared residuals in file order (an x87 long double accumulator). */
  private sum(): number {
    const accumulator = this.accumulator;
    accumulator.reset();
    const order = this.data.fileOrder;
    for (let i = 0; i < order.length; i++) accumulator.add(this.terms[order[i]!]!);
    return accumulator.value();
  }
}
