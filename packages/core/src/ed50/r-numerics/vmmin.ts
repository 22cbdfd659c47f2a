/**
 * Loop-by-loop port of R's `vmmin` (src/appl/optim.c): Nash's variable-metric (BFGS) minimiser,
 * as called by `optim(method = "BFGS")`.
 *
 * Why a literal port: CBASSED50's ED values are where this routine *stops* on an almost flat
 * objective, not the least-squares optimum (ed50-algorithm §6). Every loop below keeps R's order of
 * operations, because changing the order of a sum changes the last bits and, on flat CBASS
 * surfaces, the stopping point. Do not vectorise or "simplify" these loops.
 *
 * Work is done in optim's internal coordinates p = par / parscale; the caller's `fn`/`gr` receive
 * p.
 */

/** Constants of optim.c (doc §5.6). */
const STEP_REDUCTION = 0.2;
const ACCEPTANCE_TOLERANCE = 0.0001;
const REL_TEST = 10.0;

export interface VmminOptions {
  maxit: number;
  /** optim's `abstol` (default -Inf). */
  abstol: number;
  /** optim's `reltol` (drc passes 1e-7). */
  reltol: number;
}

export interface VmminResult {
  /** Final point in p coordinates (the input array, modified in place). */
  p: Float64Array;
  /** Objective value at the returned point (`*Fmin`). */
  value: number;
  /** optim's counts["function"]. */
  functionEvaluations: number;
  /** optim's counts["gradient"], which is also the iteration count. */
  gradientEvaluations: number;
  /** 0 = converged, 1 = maxit reached (optim's `convergence`). */
  convergence: 0 | 1;
}

/** Thrown where R's C code calls `error()`; drm turns these into "Convergence failed". */
export class OptimError extends Error {
  /** Index of the offending parameter, when R's message names one. */
  readonly parameterIndex: number | undefined;
  constructor(message: string, parameterIndex?: number) {
    super(message);
    this.name = 'OptimError';
    this.parameterIndex = parameterIndex;
  }
}

/**
 * Minimise `fn` from `p` (modified in place). `gr(p, g)` must fill `g` with the gradient at `p`.
 * No parameter mask: optim passes mask = 1 for every parameter, so `l[i] == i` throughout.
 *
 * `fnUnlessAbove(p, threshold)`, when given, is used by the line search instead of `fn`: it must
 * return `fn(p)`, except that it may return +Infinity as soon as it knows that `fn(p)` exceeds
 * `threshold` (or is not finite). The line search only compares the value with its acceptance
 * threshold, so that changes nothing; the one place where R then uses a rejected value (the
 * relative-change test after a search that could not move) gets the exact value, recomputed.
 * The function-evaluation count is R's.
 */
export function vmmin(
  p: Float64Array,
  fn: (p: Float64Array) => number,
  gr: (p: Float64Array, g: Float64Array) => void,
  options: VmminOptions,
  fnUnlessAbove?: (p: Float64Array, threshold: number) => number,
): VmminResult {
  const n = p.length;
  const { maxit, abstol, reltol } = options;
  if (maxit <= 0) {
    return {
      p,
      value: fn(p),
      functionEvaluations: 0,
      gradientEvaluations: 0,
      convergence: 0,
    };
  }

  const g = new Float64Array(n);
  const t = new Float64Array(n);
  const X = new Float64Array(n);
  const c = new Float64Array(n);
  const negatedG = new Float64Array(n);
  /** The last rejected point of a line search, when its value has to be recomputed exactly. */
  const rejected = new Float64Array(n);
  // The inverse-Hessian approximation. The C code keeps its lower triangle and reads B[j][i]
  // for j > i; here both triangles are kept equal (B[i * n + j] = B[j * n + i]) so that every
  // loop reads a row contiguously. The arithmetic and its order are unchanged.
  const B = new Float64Array(n * n);

  let f = fn(p);
  if (!Number.isFinite(f)) throw new OptimError("initial value in 'vmmin' is not finite");
  let Fmin = f;
  let funcount = 1;
  let gradcount = 1;
  gr(p, g);
  let iter = 1;
  let ilast = gradcount;
  let count: number;

  do {
    if (ilast === gradcount) {
      B.fill(0.0);
      for (let i = 0; i < n; i++) B[i * n + i] = 1.0;
    }
    for (let i = 0; i < n; i++) {
      X[i] = p[i]!;
      c[i] = g[i]!;
    }
    // t = -B g. C's `s -= B[i][j] * g[j]` is, to the bit, `s += B[i][j] * (-g[j])`.
    for (let i = 0; i < n; i++) negatedG[i] = -g[i]!;
    product(B, negatedG, t, n);
    let gradproj = 0.0;
    for (let i = 0; i < n; i++) gradproj += t[i]! * g[i]!;

    if (gradproj < 0.0) {
      // Search direction is downhill: backtracking line search.
      let steplength = 1.0;
      let accpoint = false;
      /** The step of this search's last evaluation (NaN: none yet). */
      let evaluatedStep = NaN;
      do {
        count = 0;
        for (let i = 0; i < n; i++) {
          p[i] = X[i]! + steplength * t[i]!;
          if (REL_TEST + X[i]! === REL_TEST + p[i]!) count++; // no change
        }
        if (count < n) {
          const threshold = Fmin + gradproj * steplength * ACCEPTANCE_TOLERANCE;
          f = fnUnlessAbove ? fnUnlessAbove(p, threshold) : fn(p);
          funcount++;
          evaluatedStep = steplength;
          accpoint = Number.isFinite(f) && f <= threshold;
          if (!accpoint) steplength *= STEP_REDUCTION;
        }
      } while (!(count === n || accpoint));
      if (fnUnlessAbove && !accpoint && f === Infinity && evaluatedStep === evaluatedStep) {
        // The search could not move: R's relative-change test below reads the last rejected
        // value, which may only have been bounded. Same point, same doubles, not counted again.
        for (let i = 0; i < n; i++) rejected[i] = X[i]! + evaluatedStep * t[i]!;
        f = fn(rejected);
      }
      // Stop if the value is small or the relative change is low.
      const enough = f > abstol && Math.abs(f - Fmin) > reltol * (Math.abs(Fmin) + reltol);
      if (!enough) {
        count = n;
        Fmin = f;
      }
      if (count < n) {
        // Making progress.
        Fmin = f;
        gr(p, g);
        gradcount++;
        iter++;
        let D1 = 0.0;
        for (let i = 0; i < n; i++) {
          t[i] = steplength * t[i]!;
          c[i] = g[i]! - c[i]!;
          D1 += t[i]! * c[i]!;
        }
        if (D1 > 0) {
          product(B, c, X, n);
          let D2 = 0.0;
          for (let i = 0; i < n; i++) D2 += X[i]! * c[i]!;
          D2 = 1.0 + D2 / D1;
          for (let i = 0; i < n; i++) {
            const row = i * n;
            const ti = t[i]!;
            const Xi = X[i]!;
            for (let j = 0; j <= i; j++) {
              const updated = B[row + j]! + (D2 * ti * t[j]! - Xi * t[j]! - ti * X[j]!) / D1;
              B[row + j] = updated;
              B[j * n + i] = updated;
            }
          }
        } else {
          // D1 <= 0: reset B on the next pass.
          ilast = gradcount;
        }
      } else if (ilast < gradcount) {
        // No progress: retry once from a reset B.
        count = 0;
        ilast = gradcount;
      }
    } else {
      // Uphill search: reset unless B has just been reset.
      count = 0;
      if (ilast === gradcount) count = n;
      else ilast = gradcount;
    }
    if (iter >= maxit) break;
    if (gradcount - ilast > 2 * n) ilast = gradcount; // periodic restart
  } while (count !== n || ilast !== gradcount);

  return {
    p,
    value: Fmin,
    functionEvaluations: funcount,
    gradientEvaluations: gradcount,
    convergence: iter < maxit ? 0 : 1,
  };
}

/**
 * out = B v, each row's sum accumulated in R's order (s = 0; s += B[i][j] * v[j] for j = 0, 1, …).
 * Four rows are summed side by side only so that the processor can overlap their addition chains
 * (a row alone waits on every addition); the doubles are the same.
 */
function product(B: Float64Array, v: Float64Array, out: Float64Array, n: number): void {
  let i = 0;
  for (; i + 3 < n; i += 4) {
    const r0 = i * n;
    const r1 = r0 + n;
    const r2 = r1 + n;
    const r3 = r2 + n;
    let s0 = 0.0;
    let s1 = 0.0;
    let s2 = 0.0;
    let s3 = 0.0;
    for (let j = 0; j < n; j++) {
      const vj = v[j]!;
      s0 += B[r0 + j]! * vj;
      s1 += B[r1 + j]! * vj;
      s2 += B[r2 + j]! * vj;
      s3 += B[r3 + j]! * vj;
    }
    out[i] = s0;
    out[i + 1] = s1;
    out[i + 2] = s2;
    out[i + 3] = s3;
  }
  for (; i < n; i++) {
    const row = i * n;
    let s = 0.0;
    for (let j = 0; j < n; j++) s += B[row + j]! * v[j]!;
    out[i] = s;
  }
}
