import { drmConvertStart } from './drm-convert-start';
import { rMean } from './r-numerics/compensated-sum';
import { glibcExp, glibcLog } from './r-numerics/glibc-exp-log';
import { JointLl3Objective, NDEPS, type JointData } from './joint-objective';
import { optimHessian } from './r-numerics/optim-hessian';
import { rMedian } from './r-numerics/r-median';
import { selfStartLl3, type Ll3Start, type SelfStartFailure } from './self-start';
import { OptimError, vmmin } from './r-numerics/vmmin';
import { LBFGSB_DEFAULTS, lbfgsb } from './r-numerics/lbfgsb';
import { optimLimits, type ParameterBounds } from './parameter-bounds';
import type { OptimConvergence } from './types';

/** drc's `drmc()` defaults as drm passes them to optim (ed50-algorithm §5.6). */
const MAX_ITERATIONS = 500;
const RELATIVE_TOLERANCE = 1e-7;
/** parscale entries below this are replaced by 1 (drmOpt). */
const PARSCALE_FLOOR = 1e-4;

/** The rows of one drm call in original units and file order, with their curve (colony). */
export interface DrmRows {
  curveCount: number;
  /** Curve index 0..K-1 of each row, numbered by first appearance (drc uses `unique()`). */
  curve: ArrayLike<number>;
  temperature: ArrayLike<number>;
  response: ArrayLike<number>;
}

export interface DrmLl3Fit {
  /** Per curve, original units (b unchanged, d · rs, e · ds; doc §5.7). */
  hill: Float64Array;
  max: Float64Array;
  ed50: Float64Array;
  /**
   * drm's starting point per curve (its `fit$start`), original units: the self-starter's values
   * after drm's conversion (drm-convert-start.ts), equal to them to an ulp or two.
   */
  start: Ll3Start[];
  /** Per-curve residual sum of squares, original units. */
  curveRss: Float64Array;
  /** RSS of the whole fit in original units (drmOpt re-evaluates it at the final par). */
  rss: number;
  observationCount: number;
  doseScaling: number;
  responseScaling: number;
  /** optim's convergence code: 0, 1 (maxit reached); with bounds also 51 / 52 (L-BFGS-B). */
  convergence: OptimConvergence;
  functionEvaluations: number;
  gradientEvaluations: number;
  /** optim's Hessian rescaled to original units, row-major (only when requested). */
  hessian: Float64Array | null;
}

/** Why a fit could not be made, naming the curve where R's message allows it. */
export class DrmFitError extends Error {
  readonly curveIndex: number | undefined;
  readonly selfStartFailure: SelfStartFailure | undefined;
  constructor(message: string, curveIndex?: number, selfStartFailure?: SelfStartFailure) {
    super(message);
    this.name = 'DrmFitError';
    this.curveIndex = curveIndex;
    this.selfStartFailure = selfStartFailure;
  }
}

/**
 * `drm(y ~ x, curveid = curve, fct = LL.3())` for K >= 1 curves fitted in ONE optimisation
 * (doc §3, §5): scaling, self-starter per curve, parscale, BFGS, back-transformation. With
 * `bounds`, `drm(..., lowerl, upperl)`: drmOpt's `optim(method = "L-BFGS-B", lower, upper)` with
 * the same start, parscale and maxit (decision 0034).
 */
export function fitDrmLl3(
  rows: DrmRows,
  options: { hessian?: boolean | 'if-possible'; bounds?: ParameterBounds } = {},
): DrmLl3Fit {
  const k = rows.curveCount;
  const data = scaledData(rows);
  const { xs, ys, start: offsets } = data.joint;
  const { doseScaling, responseScaling } = data;

  // §5.3: self-starter per curve on its scaled rows.
  const selfStart = new Float64Array(3 * k);
  const rowsPerCurve = new Int32Array(k);
  for (let curve = 0; curve < k; curve++) {
    const from = offsets[curve]!;
    const to = offsets[curve + 1]!;
    rowsPerCurve[curve] = to - from;
    const result = selfStartLl3(xs.subarray(from, to), ys.subarray(from, to));
    if (!result.ok) {
      throw new DrmFitError(`self-starter failed: ${result.reason}`, curve, result.reason);
    }
    selfStart[curve] = result.start.hill;
    selfStart[k + curve] = result.start.max;
    selfStart[2 * k + curve] = result.start.ed50;
  }
  // drm: zeros replaced, then drmConvertParm (which can move every value by an ulp or two).
  const startVec = drmConvertStart(selfStart, replaceZeroStarts(selfStart, k), rowsPerCurve);

  // drmOpt: parscale = |start| with tiny entries replaced by 1; optim works on p = par / parscale.
  const parscale = new Float64Array(3 * k);
  const p = new Float64Array(3 * k);
  for (let i = 0; i < 3 * k; i++) {
    const scale = Math.abs(startVec[i]!);
    parscale[i] = scale < PARSCALE_FLOOR ? 1 : scale;
    p[i] = startVec[i]! / parscale[i]!;
  }

  const objective = new JointLl3Objective(data.joint, parscale);
  let result: {
    p: Float64Array;
    convergence: OptimConvergence;
    functionEvaluations: number;
    gradientEvaluations: number;
  };
  try {
    if (options.bounds) {
      const limits = optimLimits(options.bounds, k, responseScaling, doseScaling, parscale);
      result = lbfgsb(
        p,
        limits.lower,
        limits.upper,
        (q) => objective.value(q),
        (q, g) => objective.gradient(q, g, limits),
        { ...LBFGSB_DEFAULTS, maxit: MAX_ITERATIONS },
      );
    } else {
      result = vmmin(
        p,
        (q) => objective.value(q),
        (q, g) => objective.gradient(q, g),
        { maxit: MAX_ITERATIONS, abstol: -Infinity, reltol: RELATIVE_TOLERANCE },
        (q, threshold) => objective.valueUnlessAbove(q, threshold),
      );
    }
  } catch (error) {
    if (error instanceof OptimError) {
      const curve = error.parameterIndex === undefined ? undefined : error.parameterIndex % k;
      throw new DrmFitError(error.message, curve);
    }
    throw error;
  }

  // optim returns par = p · parscale; drmOpt then re-evaluates the objective there.
  const par = objective.parameters(result.p);
  const scaledRss = objective.value(result.p);
  let hessian: Float64Array | null = null;
  if (options.hessian) {
    try {
      hessian = rescaledHessian(par, parscale, objective, k, doseScaling, responseScaling);
    } catch (error) {
      // optim(hessian = TRUE) fails as a whole when optimhess meets a non-finite gradient; a
      // Hessian asked for only 'if-possible' (the joint fit's intervals) never costs the fit.
      if (!(error instanceof OptimError)) throw error;
      if (options.hessian !== 'if-possible') throw new DrmFitError(error.message);
    }
  }

  const fit: DrmLl3Fit = {
    hill: new Float64Array(k),
    max: new Float64Array(k),
    ed50: new Float64Array(k),
    start: [],
    curveRss: curveRss(data.joint, par, responseScaling),
    rss: scaledRss * (responseScaling * responseScaling),
    observationCount: xs.length,
    doseScaling,
    responseScaling,
    convergence: result.convergence,
    functionEvaluations: result.functionEvaluations,
    gradientEvaluations: result.gradientEvaluations,
    hessian,
  };
  for (let curve = 0; curve < k; curve++) {
    fit.hill[curve] = par[curve]!;
    fit.max[curve] = par[k + curve]! * responseScaling;
    fit.ed50[curve] = par[2 * k + curve]! * doseScaling;
    fit.start.push({
      hill: startVec[curve]!,
      max: startVec[k + curve]! * responseScaling,
      ed50: startVec[2 * k + curve]! * doseScaling,
    });
  }
  return fit;
}

/** §5.2: one dose and one response scaling for the whole fit, from the medians of all rows. */
function scaledData(rows: DrmRows): {
  joint: JointData;
  doseScaling: number;
  responseScaling: number;
} {
  const k = rows.curveCount;
  const n = rows.curve.length;
  const doseScaling = drmScaling(rows.temperature);
  const responseScaling = drmScaling(rows.response);
  const offsets = new Int32Array(k + 1);
  for (let i = 0; i < n; i++) offsets[rows.curve[i]! + 1]! += 1;
  for (let curve = 0; curve < k; curve++) offsets[curve + 1]! += offsets[curve]!;
  const next = offsets.slice(0, k);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const fileOrder = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const position = next[rows.curve[i]!]!++;
    xs[position] = rows.temperature[i]! / doseScaling;
    ys[position] = rows.response[i]! / responseScaling;
    fileOrder[i] = position;
  }
  return {
    joint: { curveCount: k, start: offsets, xs, ys, fileOrder },
    doseScaling,
    responseScaling,
  };
}

/**
 * drm's scaling constant 10^floor(log10(median)) (ed50-algorithm §5.2), 1 when that is NA or
 * below 1e-15 (for example a median response of 0). The power of ten is parsed from its decimal
 * form, because `10 ** -5` is one ulp off in V8 while R's `pow` is exact.
 */
export function drmScaling(values: ArrayLike<number>): number {
  const exponent = Math.floor(Math.log10(rMedian(values)));
  if (!Number.isFinite(exponent)) return 1;
  const scaling = Number.parseFloat(`1e${exponent}`);
  return scaling < 1e-15 ? 1 : scaling;
}

/** drm: a start value of exactly 0 is replaced by the mean (R's `mean()`) of its block. */
function replaceZeroStarts(selfStart: Float64Array, k: number): Float64Array {
  const startVec = selfStart.slice();
  for (let block = 0; block < 3; block++) {
    const values = startVec.subarray(block * k, (block + 1) * k);
    if (!values.includes(0)) continue;
    const mean = rMean(values);
    for (let i = 0; i < k; i++) if (values[i] === 0) values[i] = mean;
  }
  return startVec;
}

function curveRss(data: JointData, par: Float64Array, responseScaling: number): Float64Array {
  const k = data.curveCount;
  const out = new Float64Array(k);
  for (let curve = 0; curve < k; curve++) {
    const b = par[curve]!;
    const d = par[k + curve]!;
    const e = par[2 * k + curve]!;
    let sum = 0;
    for (let r = data.start[curve]!; r < data.start[curve + 1]!; r++) {
      const residual = data.ys[r]! - d / (1 + glibcExp(b * glibcLog(data.xs[r]! / e)));
      sum += residual * residual;
    }
    out[curve] = sum * responseScaling * responseScaling;
  }
  return out;
}

/** drm: hessian · 1 / outer(scale / rs, scale / rs) with scale = (1, rs, ds) per block (§5.8). */
function rescaledHessian(
  par: Float64Array,
  parscale: Float64Array,
  objective: JointLl3Objective,
  k: number,
  doseScaling: number,
  responseScaling: number,
): Float64Array {
  const n = 3 * k;
  const hessian = optimHessian(par, parscale, NDEPS, (q, g) => objective.gradient(q, g));
  const factor = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const scale = i < k ? 1 : i < 2 * k ? responseScaling : doseScaling;
    factor[i] = scale / responseScaling;
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      hessian[i * n + j] = hessian[i * n + j]! * (1 / (factor[i]! * factor[j]!));
    }
  }
  return hessian;
}
