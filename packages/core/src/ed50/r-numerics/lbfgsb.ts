/* eslint-disable max-lines -- one C file ported routine by routine; its routines share mainlb's
   state, and keeping them side by side with the original is what makes the port checkable. */
/**
 * Port of R's L-BFGS-B (src/appl/lbfgsb.c, "L-BFGS-B (version 2.3)" as R ships it, f2c'd from
 * Zhu, Byrd, Lu-Chen and Nocedal's Fortran) and of its driver `lbfgsb()` in R's optim code, as
 * `optim(method = "L-BFGS-B", lower, upper)` runs them. drm calls it when it is given parameter
 * limits (`lowerl` / `upperl`, drc's drmOpt).
 *
 * Why a literal port: like vmmin.ts, the calculator's numbers are where this routine stops, on
 * the almost flat least-squares surfaces of CBASS data. Every loop keeps R's order of operations
 * (and the BLAS/LINPACK routines it calls, ddot/daxpy/dscal/dcopy and dpofa/dtrsl, keep the
 * reference implementations' order: a sequential sum from the first element). Do not vectorise
 * or "simplify" these loops.
 *
 * R's C code is reverse communication (setulb returns "FG" to its driver, which evaluates f and g
 * and calls again); here mainlb calls `fn` and `gr` itself at exactly those points, with the
 * driver's checks (finite f; the iteration limit at each "NEW_X"). Matrices are column-major
 * with Fortran's 1-based (i, j) at flat index (i - 1) + (j - 1) · leading dimension.
 *
 * Work is done in optim's internal coordinates p = par / parscale; `fn`/`gr` receive p.
 */
import { OptimError } from './vmmin';

export interface LbfgsbOptions {
  /** optim's `lmm` (default 5): the number of corrections kept. */
  m: number;
  /** optim's `factr` (default 1e7): stop when the relative reduction of f is below factr · eps. */
  factr: number;
  /** optim's `pgtol` (default 0): stop when the projected gradient's largest entry is <= pgtol. */
  pgtol: number;
  /** optim's `maxit` (drc passes 500). */
  maxit: number;
}

/** optim's defaults for method "L-BFGS-B" (`?optim`). */
export const LBFGSB_DEFAULTS: Omit<LbfgsbOptions, 'maxit'> = { m: 5, factr: 1e7, pgtol: 0 };

export interface LbfgsbResult {
  /** Final point in p coordinates (the input array, modified in place). */
  p: Float64Array;
  /** Objective value at the returned point. */
  value: number;
  /** optim's counts: both are setulb's count of f-and-g evaluations (isave[12]). */
  functionEvaluations: number;
  gradientEvaluations: number;
  /** optim's `convergence`: 0, 1 (maxit reached), 51 (warning) or 52 (error). */
  convergence: 0 | 1 | 51 | 52;
  /** optim's `message`, setulb's final task string. */
  message: string;
}

const EPSMCH = 2.220446049250313e-16; // DBL_EPSILON
/** dcsrch's constants as lnsrlb passes them. */
const STPMIN = 0;
const FTOL = 1e-3;
const GTOL = 0.9;
const XTOL = 0.1;

/**
 * Minimise `fn` within [lower, upper] from `x` (modified in place). Infinite (or NaN) bounds mean
 * no bound, as optim's `nbd` coding makes them. `gr(x, g)` must fill `g` with the gradient at x.
 */
export function lbfgsb(
  x: Float64Array,
  lower: Float64Array,
  upper: Float64Array,
  fn: (x: Float64Array) => number,
  gr: (x: Float64Array, g: Float64Array) => void,
  options: LbfgsbOptions,
): LbfgsbResult {
  const n = x.length;
  const nbd = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const lowerFinite = Number.isFinite(lower[i]!);
    const upperFinite = Number.isFinite(upper[i]!);
    nbd[i] = !lowerFinite ? (!upperFinite ? 0 : 3) : !upperFinite ? 1 : 2;
  }
  if (n === 0) {
    return {
      p: x,
      value: fn(x),
      functionEvaluations: 1,
      gradientEvaluations: 0,
      convergence: 0,
      message: 'NOTHING TO DO',
    };
  }
  return new Mainlb(n, options.m, x, lower, upper, nbd, fn, gr, options).run();
}

/** State of one run of `mainlb` (the C code's static variables) and its working arrays. */
class Mainlb {
  // 1-based vectors (index 0 unused), as the f2c code indexes them.
  private readonly l: Float64Array;
  private readonly u: Float64Array;
  private readonly nbd: Int32Array;
  private readonly x: Float64Array;
  private readonly g: Float64Array;
  private readonly z: Float64Array;
  private readonly r: Float64Array;
  private readonly d: Float64Array;
  private readonly t: Float64Array;
  private readonly indx: Int32Array;
  private readonly iwhere: Int32Array;
  private readonly indx2: Int32Array;
  // Column-major matrices, 0-based flat.
  private readonly ws: Float64Array;
  private readonly wy: Float64Array;
  private readonly sy: Float64Array;
  private readonly ss: Float64Array;
  private readonly wt: Float64Array;
  private readonly wn: Float64Array;
  private readonly snd: Float64Array;
  /** wa(8m) and its four parts of 2m (cauchy's p, c, wbp, v), 1-based views. */
  private readonly waP: Float64Array;
  private readonly waC: Float64Array;
  private readonly waWbp: Float64Array;
  private readonly waV: Float64Array;

  private f = 0;
  private theta = 1;
  private fold = 0;
  private readonly tol: number;
  private dnorm = 0;
  private gd = 0;
  private stpmx = 0;
  private sbgnrm = 0;
  private stp = 0;
  private gdold = 0;
  private dtd = 0;
  private col = 0;
  private head = 1;
  private itail = 0;
  private iter = 0;
  private iupdat = 0;
  private nint = 0;
  private nfgv = 0;
  private info = 0;
  private ifun = 0;
  private iback = 0;
  private nfree: number;
  private nenter = 0;
  private ileave = 0;
  private updatd = false;
  private cnstnd = false;
  private boxed = true;
  private wrk = false;
  /** The driver's iteration count (lbfgsb's `iter`, not mainlb's). */
  private driverIter = 0;
  private readonly line = new LineSearch();

  private readonly n: number;
  private readonly m: number;
  /** The caller's point: the buffer passed to fn and gr, and the result. */
  private readonly x0: Float64Array;
  private readonly fn: (x: Float64Array) => number;
  private readonly gr: (x: Float64Array, g: Float64Array) => void;
  private readonly options: LbfgsbOptions;
  private readonly gradient: Float64Array;

  constructor(
    n: number,
    m: number,
    x0: Float64Array,
    lower: Float64Array,
    upper: Float64Array,
    nbd0: Int32Array,
    fn: (x: Float64Array) => number,
    gr: (x: Float64Array, g: Float64Array) => void,
    options: LbfgsbOptions,
  ) {
    this.n = n;
    this.m = m;
    this.x0 = x0;
    this.fn = fn;
    this.gr = gr;
    this.options = options;
    this.gradient = new Float64Array(n);
    const one = (size: number) => new Float64Array(size + 1);
    this.l = one(n);
    this.u = one(n);
    this.nbd = new Int32Array(n + 1);
    this.x = one(n);
    for (let i = 1; i <= n; i++) {
      this.l[i] = lower[i - 1]!;
      this.u[i] = upper[i - 1]!;
      this.nbd[i] = nbd0[i - 1]!;
      this.x[i] = x0[i - 1]!;
    }
    this.g = one(n);
    this.z = one(n);
    this.r = one(n);
    this.d = one(n);
    this.t = one(n);
    this.indx = new Int32Array(n + 1);
    this.iwhere = new Int32Array(n + 1);
    this.indx2 = new Int32Array(n + 1);
    this.ws = new Float64Array(n * m);
    this.wy = new Float64Array(n * m);
    this.sy = new Float64Array(m * m);
    this.ss = new Float64Array(m * m);
    this.wt = new Float64Array(m * m);
    this.wn = new Float64Array(4 * m * m);
    this.snd = new Float64Array(4 * m * m);
    const wa = new Float64Array(8 * m + 1);
    // 1-based views: element 1 of each part is wa[part start + 1].
    this.waP = wa.subarray(0, 2 * m + 1);
    this.waC = wa.subarray(2 * m, 4 * m + 1);
    this.waWbp = wa.subarray(4 * m, 6 * m + 1);
    this.waV = wa.subarray(6 * m, 8 * m + 1);
    this.nfree = n;
    this.tol = options.factr * EPSMCH;
  }

  /** The driver's evaluation at "FG": f, then g, both at the current x. */
  private evaluate(): void {
    const n = this.n;
    const point = this.x0;
    for (let i = 0; i < n; i++) point[i] = this.x[i + 1]!;
    const f = this.fn(point);
    if (!Number.isFinite(f)) throw new OptimError("L-BFGS-B needs finite values of 'fn'");
    this.f = f;
    const g = this.gradient;
    this.gr(point, g);
    for (let i = 0; i < n; i++) this.g[i + 1] = g[i]!;
  }

  private finish(task: string, convergence: 0 | 1 | 51 | 52): LbfgsbResult {
    for (let i = 0; i < this.n; i++) this.x0[i] = this.x[i + 1]!;
    return {
      p: this.x0,
      value: this.f,
      functionEvaluations: this.nfgv,
      gradientEvaluations: this.nfgv,
      convergence,
      message: task,
    };
  }

  /** "refresh the lbfgs memory and restart the iteration". */
  private resetMemory(): void {
    this.info = 0;
    this.col = 0;
    this.head = 1;
    this.theta = 1;
    this.iupdat = 0;
    this.updatd = false;
  }

  run(): LbfgsbResult {
    const n = this.n;
    const { x, g, z, r, d, t } = this;
    // errclb: the only check that can fail here (n, m and factr are optim's own).
    for (let i = 1; i <= n; i++) {
      if (this.nbd[i] === 2 && this.l[i]! > this.u[i]!) {
        throw new OptimError('ERROR: NO FEASIBLE SOLUTION');
      }
    }
    this.active();
    // task = "FG_START"
    this.evaluate();
    this.nfgv = 1;
    this.sbgnrm = this.projgr();
    if (this.sbgnrm <= this.options.pgtol) {
      return this.finish('CONVERGENCE: NORM OF PROJECTED GRADIENT <= PGTOL', 0);
    }
    for (;;) {
      // L222: the beginning of the loop.
      let skipToLineSearch = false;
      if (!this.cnstnd && this.col > 0) {
        // Skip the search for the GCP.
        z.set(x);
        this.wrk = this.updatd;
        this.nint = 0;
      } else {
        this.cauchy();
        if (this.info !== 0) {
          // Singular triangular system detected.
          this.resetMemory();
          continue;
        }
        this.freev();
      }
      // L333
      if (this.nfree === 0 || this.col === 0) skipToLineSearch = true;
      if (!skipToLineSearch) {
        if (this.wrk) this.formk();
        if (this.info !== 0) {
          // Nonpositive definiteness in the Cholesky factorization in formk.
          this.resetMemory();
          continue;
        }
        this.cmprlb();
        if (this.info === 0) this.subsm();
        if (this.info !== 0) {
          // L444: singular triangular system detected.
          this.resetMemory();
          continue;
        }
      }
      // L555: the search direction d = z - x, then the line search.
      for (let i = 1; i <= n; i++) d[i] = z[i]! - x[i]!;
      let restart = false;
      let task = this.lnsrlbStart();
      for (;;) {
        // Back in mainlb after lnsrlb.
        if (this.info !== 0 || this.iback >= 20) {
          // Restore the previous iterate.
          x.set(t);
          g.set(r);
          this.f = this.fold;
          if (this.col === 0) {
            // Abnormal termination.
            if (this.info === 0) {
              this.info = -9;
              this.nfgv--;
              this.ifun--;
              this.iback--;
            }
            this.iter++;
            return this.finish('ERROR: ABNORMAL_TERMINATION_IN_LNSRCH', 52);
          }
          // Bad direction in the line search: refresh the memory and restart.
          if (this.info === 0) this.nfgv--;
          this.resetMemory();
          restart = true;
          break;
        }
        if (task === 'FG_LNSRCH') {
          this.evaluate();
          task = this.lnsrlbContinue();
          continue;
        }
        // NEW_X
        this.iter++;
        this.sbgnrm = this.projgr();
        break;
      }
      if (restart) continue;
      // The driver at "NEW_X".
      this.driverIter++;
      if (this.driverIter > this.options.maxit) return this.finish('NEW_X', 1);
      // L777: test for termination.
      if (this.sbgnrm <= this.options.pgtol) {
        return this.finish('CONVERGENCE: NORM OF PROJECTED GRADIENT <= PGTOL', 0);
      }
      const absFold = Math.abs(this.fold);
      const absF = Math.abs(this.f);
      let ddum = absFold < absF ? absF : absFold;
      ddum = ddum < 1 ? 1 : ddum;
      if (this.fold - this.f <= this.tol * ddum) {
        if (this.iback >= 10) this.info = -5;
        return this.finish('CONVERGENCE: REL_REDUCTION_OF_F <= FACTR*EPSMCH', 0);
      }
      // Compute d = newx - oldx, r = newg - oldg, rr = y'y and dr = y's.
      for (let i = 1; i <= n; i++) r[i] = g[i]! - r[i]!;
      const rr = ddot(n, r, 1, r, 1);
      let dr: number;
      if (this.stp === 1) {
        dr = this.gd - this.gdold;
        ddum = -this.gdold;
      } else {
        dr = (this.gd - this.gdold) * this.stp;
        dscal(n, this.stp, d, 1);
        ddum = -this.gdold * this.stp;
      }
      if (dr <= EPSMCH * ddum) {
        // Skip the L-BFGS update.
        this.updatd = false;
        continue;
      }
      // Update the L-BFGS matrix.
      this.updatd = true;
      this.iupdat++;
      this.matupd(rr, dr);
      this.formt();
      if (this.info !== 0) this.resetMemory();
    }
  }

  /** `active`: project the initial x onto the box and initialise iwhere, cnstnd and boxed. */
  private active(): void {
    const { n, l, u, nbd, x, iwhere } = this;
    this.cnstnd = false;
    this.boxed = true;
    for (let i = 1; i <= n; i++) {
      if (nbd[i]! > 0) {
        if (nbd[i]! <= 2 && x[i]! <= l[i]!) {
          if (x[i]! < l[i]!) x[i] = l[i]!;
        } else if (nbd[i]! >= 2 && x[i]! >= u[i]!) {
          if (x[i]! > u[i]!) x[i] = u[i]!;
        }
      }
    }
    for (let i = 1; i <= n; i++) {
      if (nbd[i] !== 2) this.boxed = false;
      if (nbd[i] === 0) {
        iwhere[i] = -1;
      } else {
        this.cnstnd = true;
        iwhere[i] = nbd[i] === 2 && u[i]! - l[i]! <= 0 ? 3 : 0;
      }
    }
  }

  /** `projgr`: the infinity norm of the projected gradient. */
  private projgr(): number {
    const { n, l, u, nbd, x, g } = this;
    let sbgnrm = 0;
    for (let i = 1; i <= n; i++) {
      let gi = g[i]!;
      if (nbd[i] !== 0) {
        if (gi < 0) {
          if (nbd[i]! >= 2) {
            const bound = x[i]! - u[i]!;
            if (gi < bound) gi = bound;
          }
        } else if (nbd[i]! <= 2) {
          const bound = x[i]! - l[i]!;
          if (gi > bound) gi = bound;
        }
      }
      const absolute = Math.abs(gi);
      if (sbgnrm < absolute) sbgnrm = absolute;
    }
    return sbgnrm;
  }

  /**
   * `bmv`: the product of the 2m × 2m middle matrix of the compact L-BFGS formula with the 2col
   * vector v (1-based, from vBase + 1), into p (1-based, from pBase + 1).
   */
  private bmv(v: Float64Array, vBase: number, p: Float64Array, pBase: number): void {
    const { m, sy, wt } = this;
    const col = this.col;
    if (col === 0) return;
    const SY = (i: number, j: number) => sy[i - 1 + (j - 1) * m]!;
    // PART I: solve [D^(1/2) O; -L D^(-1/2) J] [p1; p2] = [v1; v2]; J p2 = v2 + L D^(-1) v1.
    p[pBase + col + 1] = v[vBase + col + 1]!;
    for (let i = 2; i <= col; i++) {
      const i2 = col + i;
      let sum = 0;
      for (let k = 1; k <= i - 1; k++) sum += (SY(i, k) * v[vBase + k]!) / SY(k, k);
      p[pBase + i2] = v[vBase + i2]! + sum;
    }
    this.info = dtrsl(wt, 0, m, col, p, pBase + col, 11);
    if (this.info !== 0) return;
    // Solve D^(1/2) p1 = v1.
    for (let i = 1; i <= col; i++) p[pBase + i] = v[vBase + i]! / Math.sqrt(SY(i, i));
    // PART II: solve J' p2 = p2.
    this.info = dtrsl(wt, 0, m, col, p, pBase + col, 1);
    if (this.info !== 0) return;
    // p1 = -D^(-1/2) p1 + D^(-1) L' p2.
    for (let i = 1; i <= col; i++) p[pBase + i] = -p[pBase + i]! / Math.sqrt(SY(i, i));
    for (let i = 1; i <= col; i++) {
      let sum = 0;
      for (let k = i + 1; k <= col; k++) sum += (SY(k, i) * p[pBase + col + k]!) / SY(i, i);
      p[pBase + i] = p[pBase + i]! + sum;
    }
  }

  /** `cauchy`: the generalized Cauchy point, into z (xcp). */
  private cauchy(): void {
    const { n, m, l, u, nbd, x, g, ws, wy, d, t, z: xcp } = this;
    const iorder = this.indx2;
    const iwhere = this.iwhere;
    const p = this.waP;
    const c = this.waC;
    const wbp = this.waWbp;
    const v = this.waV;
    const col = this.col;
    const theta = this.theta;
    if (this.sbgnrm <= 0) {
      xcp.set(x);
      return;
    }
    let bnded = true;
    let nfree = n + 1;
    let nbreak = 0;
    let ibkmin = 0;
    let bkmin = 0;
    const col2 = col << 1;
    let f1 = 0;
    let tl = 0;
    let tu = 0;
    for (let i = 1; i <= col2; i++) p[i] = 0;
    for (let i = 1; i <= n; i++) {
      const neggi = -g[i]!;
      if (iwhere[i] !== 3 && iwhere[i] !== -1) {
        if (nbd[i]! <= 2) tl = x[i]! - l[i]!;
        if (nbd[i]! >= 2) tu = u[i]! - x[i]!;
        const xlower = nbd[i]! <= 2 && tl <= 0;
        const xupper = nbd[i]! >= 2 && tu <= 0;
        iwhere[i] = 0;
        if (xlower) {
          if (neggi <= 0) iwhere[i] = 1;
        } else if (xupper) {
          if (neggi >= 0) iwhere[i] = 2;
        } else if (Math.abs(neggi) <= 0) {
          iwhere[i] = -3;
        }
      }
      let pointr = this.head;
      if (iwhere[i] !== 0 && iwhere[i] !== -1) {
        d[i] = 0;
      } else {
        d[i] = neggi;
        f1 -= neggi * neggi;
        // p := p - W'e_i (g_i).
        for (let j = 1; j <= col; j++) {
          p[j] = p[j]! + wy[i - 1 + (pointr - 1) * n]! * neggi;
          p[col + j] = p[col + j]! + ws[i - 1 + (pointr - 1) * n]! * neggi;
          pointr = (pointr % m) + 1;
        }
        if (nbd[i]! <= 2 && nbd[i] !== 0 && neggi < 0) {
          // x(i) + d(i) is bounded; compute t(i).
          nbreak++;
          iorder[nbreak] = i;
          t[nbreak] = tl / -neggi;
          if (nbreak === 1 || t[nbreak]! < bkmin) {
            bkmin = t[nbreak]!;
            ibkmin = nbreak;
          }
        } else if (nbd[i]! >= 2 && neggi > 0) {
          nbreak++;
          iorder[nbreak] = i;
          t[nbreak] = tu / neggi;
          if (nbreak === 1 || t[nbreak]! < bkmin) {
            bkmin = t[nbreak]!;
            ibkmin = nbreak;
          }
        } else {
          // x(i) + d(i) is not bounded.
          nfree--;
          iorder[nfree] = i;
          if (Math.abs(neggi) > 0) bnded = false;
        }
      }
    }
    if (theta !== 1) dscal(col, theta, p, col + 1);
    xcp.set(x);
    if (nbreak === 0 && nfree === n + 1) return; // d is zero: the GCP is x.
    for (let j = 1; j <= col2; j++) c[j] = 0;
    let f2 = -theta * f1;
    const f2Org = f2;
    if (col > 0) {
      this.bmv(p, 0, v, 0);
      if (this.info !== 0) return;
      f2 -= ddot(col2, v, 1, p, 1);
    }
    let dtm = -f1 / f2;
    let tsum = 0;
    this.nint = 1;
    let reachedAllFixed = false;
    if (nbreak !== 0) {
      let nleft = nbreak;
      let iter = 1;
      let tj = 0;
      for (;;) {
        // L777: find the next smallest breakpoint.
        const tj0 = tj;
        let ibp: number;
        if (iter === 1) {
          tj = bkmin;
          ibp = iorder[ibkmin]!;
        } else {
          if (iter === 2 && ibkmin !== nbreak) {
            t[ibkmin] = t[nbreak]!;
            iorder[ibkmin] = iorder[nbreak]!;
          }
          hpsolb(nleft, t, iorder, iter - 2);
          tj = t[nleft]!;
          ibp = iorder[nleft]!;
        }
        const dt = tj - tj0;
        if (dtm < dt) break; // the minimizer is within this interval
        tsum += dt;
        nleft--;
        iter++;
        const dibp = d[ibp]!;
        d[ibp] = 0;
        let zibp: number;
        if (dibp > 0) {
          zibp = u[ibp]! - x[ibp]!;
          xcp[ibp] = u[ibp]!;
          iwhere[ibp] = 2;
        } else {
          zibp = l[ibp]! - x[ibp]!;
          xcp[ibp] = l[ibp]!;
          iwhere[ibp] = 1;
        }
        if (nleft === 0 && nbreak === n) {
          // All n variables are fixed: xcp is the GCP.
          dtm = dt;
          reachedAllFixed = true;
          break;
        }
        this.nint++;
        const dibp2 = dibp * dibp;
        f1 += dt * f2 + dibp2 - theta * dibp * zibp;
        f2 -= theta * dibp2;
        if (col > 0) {
          daxpy(col2, dt, p, 1, c, 1);
          // wbp: the row of W of the breakpoint.
          let pointr = this.head;
          for (let j = 1; j <= col; j++) {
            wbp[j] = wy[ibp - 1 + (pointr - 1) * n]!;
            wbp[col + j] = theta * ws[ibp - 1 + (pointr - 1) * n]!;
            pointr = (pointr % m) + 1;
          }
          this.bmv(wbp, 0, v, 0);
          if (this.info !== 0) return;
          const wmc = ddot(col2, c, 1, v, 1);
          const wmp = ddot(col2, p, 1, v, 1);
          const wmw = ddot(col2, wbp, 1, v, 1);
          daxpy(col2, -dibp, wbp, 1, p, 1);
          f1 += dibp * wmc;
          f2 += 2 * dibp * wmp - dibp2 * wmw;
        }
        const floor = EPSMCH * f2Org;
        if (f2 < floor) f2 = floor;
        if (nleft > 0) {
          dtm = -f1 / f2;
          continue;
        } else if (bnded) {
          // C also zeroes f1 and f2 here, for its trace output only.
          dtm = 0;
        } else {
          dtm = -f1 / f2;
        }
        break;
      }
    }
    if (!reachedAllFixed) {
      // L888
      if (dtm <= 0) dtm = 0;
      tsum += dtm;
      // Move the free variables and those whose breakpoints have not been reached.
      daxpy(n, tsum, d, 1, xcp, 1);
    }
    // L999: c = c + dtm p = W'(xcp - x).
    if (col > 0) daxpy(col2, dtm, p, 1, c, 1);
  }

  /** `freev`: entering and leaving variables, and the free / active index sets at the GCP. */
  private freev(): void {
    const { n, indx, indx2, iwhere } = this;
    this.nenter = 0;
    this.ileave = n + 1;
    if (this.iter > 0 && this.cnstnd) {
      for (let i = 1; i <= this.nfree; i++) {
        const k = indx[i]!;
        if (iwhere[k]! > 0) {
          this.ileave--;
          indx2[this.ileave] = k;
        }
      }
      for (let i = this.nfree + 1; i <= n; i++) {
        const k = indx[i]!;
        if (iwhere[k]! <= 0) {
          this.nenter++;
          indx2[this.nenter] = k;
        }
      }
    }
    this.wrk = this.ileave < n + 1 || this.nenter > 0 || this.updatd;
    this.nfree = 0;
    let iact = n + 1;
    for (let i = 1; i <= n; i++) {
      if (iwhere[i]! <= 0) {
        this.nfree++;
        indx[this.nfree] = i;
      } else {
        iact--;
        indx[iact] = i;
      }
    }
  }

  /** `formk`: the LEL^T factorization of the indefinite matrix K of the subspace problem. */
  private formk(): void {
    const { n, m, ws, wy, sy, wn } = this;
    const wn1 = this.snd;
    const ind = this.indx;
    const indx2 = this.indx2;
    const col = this.col;
    const head = this.head;
    const theta = this.theta;
    const nsub = this.nfree;
    const m2 = 2 * m;
    const WS = (i: number, j: number) => ws[i - 1 + (j - 1) * n]!;
    const WY = (i: number, j: number) => wy[i - 1 + (j - 1) * n]!;
    const at = (i: number, j: number) => i - 1 + (j - 1) * m2; // wn and wn1
    let upcl: number;
    if (this.updatd) {
      if (this.iupdat > m) {
        // Shift the old part of WN1.
        for (let jy = 1; jy <= m - 1; jy++) {
          const js = m + jy;
          dcopyFlat(m - jy, wn1, at(jy + 1, jy + 1), wn1, at(jy, jy));
          dcopyFlat(m - jy, wn1, at(js + 1, js + 1), wn1, at(js, js));
          dcopyFlat(m - 1, wn1, at(m + 2, jy + 1), wn1, at(m + 1, jy));
        }
      }
      // Put the new rows in blocks (1,1), (2,1) and (2,2).
      const pbegin = 1;
      const pend = nsub;
      const dbegin = nsub + 1;
      const dend = n;
      const iy = col;
      const is = m + col;
      let ipntr = head + col - 1;
      if (ipntr > m) ipntr -= m;
      let jpntr = head;
      for (let jy = 1; jy <= col; jy++) {
        const js = m + jy;
        let temp1 = 0;
        let temp2 = 0;
        let temp3 = 0;
        for (let k = pbegin; k <= pend; k++) {
          const k1 = ind[k]!;
          temp1 += WY(k1, ipntr) * WY(k1, jpntr);
        }
        for (let k = dbegin; k <= dend; k++) {
          const k1 = ind[k]!;
          temp2 += WS(k1, ipntr) * WS(k1, jpntr);
          temp3 += WS(k1, ipntr) * WY(k1, jpntr);
        }
        wn1[at(iy, jy)] = temp1;
        wn1[at(is, js)] = temp2;
        wn1[at(is, jy)] = temp3;
        jpntr = (jpntr % m) + 1;
      }
      // Put the new column in block (2,1).
      const jy = col;
      jpntr = head + col - 1;
      if (jpntr > m) jpntr -= m;
      ipntr = head;
      for (let i = 1; i <= col; i++) {
        const isRow = m + i;
        let temp3 = 0;
        for (let k = pbegin; k <= pend; k++) {
          const k1 = ind[k]!;
          temp3 += WS(k1, ipntr) * WY(k1, jpntr);
        }
        ipntr = (ipntr % m) + 1;
        wn1[at(isRow, jy)] = temp3;
      }
      upcl = col - 1;
    } else {
      upcl = col;
    }
    // Modify the old parts in blocks (1,1) and (2,2) for the changes in the free set.
    let ipntr = head;
    for (let iy = 1; iy <= upcl; iy++) {
      const is = m + iy;
      let jpntr = head;
      for (let jy = 1; jy <= iy; jy++) {
        const js = m + jy;
        let temp1 = 0;
        let temp2 = 0;
        let temp3 = 0;
        let temp4 = 0;
        for (let k = 1; k <= this.nenter; k++) {
          const k1 = indx2[k]!;
          temp1 += WY(k1, ipntr) * WY(k1, jpntr);
          temp2 += WS(k1, ipntr) * WS(k1, jpntr);
        }
        for (let k = this.ileave; k <= n; k++) {
          const k1 = indx2[k]!;
          temp3 += WY(k1, ipntr) * WY(k1, jpntr);
          temp4 += WS(k1, ipntr) * WS(k1, jpntr);
        }
        wn1[at(iy, jy)] = wn1[at(iy, jy)]! + temp1 - temp3;
        wn1[at(is, js)] = wn1[at(is, js)]! - temp2 + temp4;
        jpntr = (jpntr % m) + 1;
      }
      ipntr = (ipntr % m) + 1;
    }
    // Modify the old parts in block (2,1).
    ipntr = head;
    for (let is = m + 1; is <= m + upcl; is++) {
      let jpntr = head;
      for (let jy = 1; jy <= upcl; jy++) {
        let temp1 = 0;
        let temp3 = 0;
        for (let k = 1; k <= this.nenter; k++) {
          const k1 = indx2[k]!;
          temp1 += WS(k1, ipntr) * WY(k1, jpntr);
        }
        for (let k = this.ileave; k <= n; k++) {
          const k1 = indx2[k]!;
          temp3 += WS(k1, ipntr) * WY(k1, jpntr);
        }
        if (is <= jy + m) {
          wn1[at(is, jy)] = wn1[at(is, jy)]! + (temp1 - temp3);
        } else {
          wn1[at(is, jy)] = wn1[at(is, jy)]! + (-temp1 + temp3);
        }
        jpntr = (jpntr % m) + 1;
      }
      ipntr = (ipntr % m) + 1;
    }
    // Form the upper triangle of WN = [D + Y'ZZ'Y/theta, -L_a' + R_z'; -L_a + R_z, S'AA'S theta].
    for (let iy = 1; iy <= col; iy++) {
      const is = col + iy;
      const is1 = m + iy;
      for (let jy = 1; jy <= iy; jy++) {
        const js = col + jy;
        const js1 = m + jy;
        wn[at(jy, iy)] = wn1[at(iy, jy)]! / theta;
        wn[at(js, is)] = wn1[at(is1, js1)]! * theta;
      }
      for (let jy = 1; jy <= iy - 1; jy++) wn[at(jy, is)] = -wn1[at(is1, jy)]!;
      for (let jy = iy; jy <= col; jy++) wn[at(jy, is)] = wn1[at(is1, jy)]!;
      wn[at(iy, iy)] = wn[at(iy, iy)]! + sy[iy - 1 + (iy - 1) * m]!;
    }
    // First Cholesky factor the (1,1) block of wn to get LL' (L' in the upper triangle).
    this.info = dpofa(wn, 0, m2, col);
    if (this.info !== 0) {
      this.info = -1;
      return;
    }
    // Then form L^-1 (-L_a' + R_z') in the (1,2) block.
    const col2 = col << 1;
    for (let js = col + 1; js <= col2; js++) {
      this.info = dtrsl(wn, 0, m2, col, wn, at(1, js) - 1, 11);
    }
    // Form S'AA'S theta + (L^-1(-L_a' + R_z'))' L^-1(-L_a' + R_z') in the (2,2) block.
    for (let is = col + 1; is <= col2; is++) {
      for (let js = is; js <= col2; js++) {
        wn[at(is, js)] = wn[at(is, js)]! + ddotFlat(col, wn, at(1, is), wn, at(1, js));
      }
    }
    // Cholesky factorization of the (2,2) block.
    this.info = dpofa(wn, at(col + 1, col + 1), m2, col);
    if (this.info !== 0) this.info = -2;
  }

  /** `cmprlb`: r = -Z'B(xcp - xk) - Z'g, using wa(2m+1..) = W'(xcp - x) from cauchy. */
  private cmprlb(): void {
    const { n, m, x, g, ws, wy, z, r, indx } = this;
    const col = this.col;
    const theta = this.theta;
    if (!this.cnstnd && col > 0) {
      for (let i = 1; i <= n; i++) r[i] = -g[i]!;
      return;
    }
    const nFree = this.nfree;
    for (let i = 1; i <= nFree; i++) {
      const k = indx[i]!;
      r[i] = -theta * (z[k]! - x[k]!) - g[k]!;
    }
    const wa = this.waP;
    this.bmv(this.waC, 0, wa, 0);
    if (this.info !== 0) {
      this.info = -8;
      return;
    }
    let pointr = this.head;
    for (let j = 1; j <= col; j++) {
      const a1 = wa[j]!;
      const a2 = theta * wa[col + j]!;
      for (let i = 1; i <= nFree; i++) {
        const k = indx[i]!;
        r[i] = r[i]! + (wy[k - 1 + (pointr - 1) * n]! * a1 + ws[k - 1 + (pointr - 1) * n]! * a2);
      }
      pointr = (pointr % m) + 1;
    }
  }

  /** `subsm`: the subspace minimization (direct primal method), z from the Cauchy point. */
  private subsm(): void {
    const { n, m, l, u, nbd, ws, wy, wn } = this;
    const x = this.z;
    const d = this.r;
    const ind = this.indx;
    const wv = this.waP;
    const col = this.col;
    const theta = this.theta;
    const ns = this.nfree;
    if (ns <= 0) return;
    // wv = W'Zd.
    let pointr = this.head;
    for (let i = 1; i <= col; i++) {
      let temp1 = 0;
      let temp2 = 0;
      for (let j = 1; j <= ns; j++) {
        const k = ind[j]!;
        temp1 += wy[k - 1 + (pointr - 1) * n]! * d[j]!;
        temp2 += ws[k - 1 + (pointr - 1) * n]! * d[j]!;
      }
      wv[i] = temp1;
      wv[col + i] = theta * temp2;
      pointr = (pointr % m) + 1;
    }
    // wv := K^(-1) wv.
    const m2 = m << 1;
    const col2 = col << 1;
    this.info = dtrsl(wn, 0, m2, col2, wv, 0, 11);
    if (this.info !== 0) return;
    for (let i = 1; i <= col; i++) wv[i] = -wv[i]!;
    this.info = dtrsl(wn, 0, m2, col2, wv, 0, 1);
    if (this.info !== 0) return;
    // d = (1/theta) d + (1/theta^2) Z'W wv.
    pointr = this.head;
    for (let jy = 1; jy <= col; jy++) {
      const js = col + jy;
      for (let i = 1; i <= ns; i++) {
        const k = ind[i]!;
        d[i] =
          d[i]! +
          ((wy[k - 1 + (pointr - 1) * n]! * wv[jy]!) / theta +
            ws[k - 1 + (pointr - 1) * n]! * wv[js]!);
      }
      pointr = (pointr % m) + 1;
    }
    for (let i = 1; i <= ns; i++) d[i] = d[i]! / theta;
    // Backtrack to the feasible region.
    let alpha = 1;
    let temp1 = alpha;
    let ibd = 0;
    for (let i = 1; i <= ns; i++) {
      const k = ind[i]!;
      const dk = d[i]!;
      if (nbd[k] !== 0) {
        if (dk < 0 && nbd[k]! <= 2) {
          const temp2 = l[k]! - x[k]!;
          if (temp2 >= 0) temp1 = 0;
          else if (dk * alpha < temp2) temp1 = temp2 / dk;
        } else if (dk > 0 && nbd[k]! >= 2) {
          const temp2 = u[k]! - x[k]!;
          if (temp2 <= 0) temp1 = 0;
          else if (dk * alpha > temp2) temp1 = temp2 / dk;
        }
        if (temp1 < alpha) {
          alpha = temp1;
          ibd = i;
        }
      }
    }
    if (alpha < 1) {
      const dk = d[ibd]!;
      const k = ind[ibd]!;
      if (dk > 0) {
        x[k] = u[k]!;
        d[ibd] = 0;
      } else if (dk < 0) {
        x[k] = l[k]!;
        d[ibd] = 0;
      }
    }
    for (let i = 1; i <= ns; i++) {
      const k = ind[i]!;
      x[k] = x[k]! + alpha * d[i]!;
    }
  }

  /** `lnsrlb` on its first call of an iteration (task not "FG_LN"). */
  private lnsrlbStart(): string {
    const { n, l, u, nbd, x, d } = this;
    this.dtd = ddot(n, d, 1, d, 1);
    this.dnorm = Math.sqrt(this.dtd);
    // The maximum step length.
    this.stpmx = 1e10;
    if (this.cnstnd) {
      if (this.iter === 0) {
        this.stpmx = 1;
      } else {
        for (let i = 1; i <= n; i++) {
          const a1 = d[i]!;
          if (nbd[i] !== 0) {
            if (a1 < 0 && nbd[i]! <= 2) {
              const a2 = l[i]! - x[i]!;
              if (a2 >= 0) this.stpmx = 0;
              else if (a1 * this.stpmx < a2) this.stpmx = a2 / a1;
            } else if (a1 > 0 && nbd[i]! >= 2) {
              const a2 = u[i]! - x[i]!;
              if (a2 <= 0) this.stpmx = 0;
              else if (a1 * this.stpmx > a2) this.stpmx = a2 / a1;
            }
          }
        }
      }
    }
    if (this.iter === 0 && !this.boxed) {
      const d1 = 1 / this.dnorm;
      this.stp = d1 > this.stpmx ? this.stpmx : d1;
    } else {
      this.stp = 1;
    }
    this.t.set(x);
    this.r.set(this.g);
    this.fold = this.f;
    this.ifun = 0;
    this.iback = 0;
    this.line.task = 'START';
    return this.lnsrlbContinue();
  }

  /** `lnsrlb` from its label 556 (after an evaluation at the trial point). */
  private lnsrlbContinue(): string {
    const { n, x, d, t } = this;
    this.gd = ddot(n, this.g, 1, d, 1);
    if (this.ifun === 0) {
      this.gdold = this.gd;
      if (this.gd >= 0) {
        // The directional derivative >= 0: the line search is impossible.
        this.info = -4;
        return 'NEW_X';
      }
    }
    this.stp = this.line.dcsrch(this.f, this.gd, this.stp, STPMIN, this.stpmx);
    const csave = this.line.task;
    if (!csave.startsWith('CONV') && !csave.startsWith('WARN')) {
      this.ifun++;
      this.nfgv++;
      this.iback = this.ifun - 1;
      if (this.stp === 1) {
        x.set(this.z);
      } else {
        for (let i = 1; i <= n; i++) x[i] = this.stp * d[i]! + t[i]!;
      }
      return 'FG_LNSRCH';
    }
    return 'NEW_X';
  }

  /** `matupd`: update WS, WY and the middle matrix of B. */
  private matupd(rr: number, dr: number): void {
    const { n, m, ws, wy, sy, ss, d, r } = this;
    if (this.iupdat <= m) {
      this.col = this.iupdat;
      this.itail = ((this.head + this.iupdat - 2) % m) + 1;
    } else {
      this.itail = (this.itail % m) + 1;
      this.head = (this.head % m) + 1;
    }
    const col = this.col;
    for (let i = 1; i <= n; i++) {
      ws[i - 1 + (this.itail - 1) * n] = d[i]!;
      wy[i - 1 + (this.itail - 1) * n] = r[i]!;
    }
    this.theta = rr / dr;
    const at = (i: number, j: number) => i - 1 + (j - 1) * m;
    if (this.iupdat > m) {
      // Move the old information.
      for (let j = 1; j <= col - 1; j++) {
        dcopyFlat(j, ss, at(2, j + 1), ss, at(1, j));
        dcopyFlat(col - j, sy, at(j + 1, j + 1), sy, at(j, j));
      }
    }
    // Add the new information: the last row of SY and the last column of SS.
    let pointr = this.head;
    for (let j = 1; j <= col - 1; j++) {
      sy[at(col, j)] = ddotFlat(n, d, 1, wy, (pointr - 1) * n);
      ss[at(j, col)] = ddotFlat(n, ws, (pointr - 1) * n, d, 1);
      pointr = (pointr % m) + 1;
    }
    ss[at(col, col)] = this.stp === 1 ? this.dtd : this.stp * this.stp * this.dtd;
    sy[at(col, col)] = dr;
  }

  /** `formt`: T = theta SS + L D^(-1) L' in the upper triangle of wt, Cholesky-factorised. */
  private formt(): void {
    const { m, wt, sy, ss } = this;
    const col = this.col;
    const theta = this.theta;
    const at = (i: number, j: number) => i - 1 + (j - 1) * m;
    for (let j = 1; j <= col; j++) wt[at(1, j)] = theta * ss[at(1, j)]!;
    for (let i = 2; i <= col; i++) {
      for (let j = i; j <= col; j++) {
        const k1 = (i > j ? j : i) - 1;
        let ddum = 0;
        for (let k = 1; k <= k1; k++) {
          ddum += (sy[at(i, k)]! * sy[at(j, k)]!) / sy[at(k, k)]!;
        }
        wt[at(i, j)] = ddum + theta * ss[at(i, j)]!;
      }
    }
    this.info = dpofa(wt, 0, m, col);
    if (this.info !== 0) this.info = -3;
  }
}

/** `hpsolb`: the least of t(1..n) into t(n), the rest kept as a heap (1-based arrays). */
function hpsolb(n: number, t: Float64Array, iorder: Int32Array, iheap: number): void {
  if (iheap === 0) {
    // Rearrange t(1) to t(n) into a heap.
    for (let k = 2; k <= n; k++) {
      const ddum = t[k]!;
      const indxin = iorder[k]!;
      let i = k;
      while (i > 1) {
        const j = Math.trunc(i / 2);
        if (ddum < t[j]!) {
          t[i] = t[j]!;
          iorder[i] = iorder[j]!;
          i = j;
        } else {
          break;
        }
      }
      t[i] = ddum;
      iorder[i] = indxin;
    }
  }
  if (n > 1) {
    // The least member t(1) out, the others rearranged into a heap of n - 1.
    let i = 1;
    const out = t[1]!;
    const indxou = iorder[1]!;
    const ddum = t[n]!;
    const indxin = iorder[n]!;
    for (;;) {
      let j = i + i;
      if (j <= n - 1) {
        if (t[j + 1]! < t[j]!) j++;
        if (t[j]! < ddum) {
          t[i] = t[j]!;
          iorder[i] = iorder[j]!;
          i = j;
          continue;
        }
      }
      break;
    }
    t[i] = ddum;
    iorder[i] = indxin;
    t[n] = out;
    iorder[n] = indxou;
  }
}

/** MINPACK-2's `dcsrch` (More and Thuente's line search) with its saved state. */
class LineSearch {
  task = 'START';
  private stage = 1;
  private brackt = false;
  private ginit = 0;
  private gtest = 0;
  private gx = 0;
  private gy = 0;
  private finit = 0;
  private fx = 0;
  private fy = 0;
  private stx = 0;
  private sty = 0;
  private stmin = 0;
  private stmax = 0;
  private width = 0;
  private width1 = 0;

  /** One call of dcsrch(f, g, stp, ftol, gtol, xtol, stpmin, stpmax, task): the new stp. */
  dcsrch(f: number, g: number, stpIn: number, stpmin: number, stpmax: number): number {
    let stp = stpIn;
    if (this.task.startsWith('START')) {
      if (stp < stpmin) this.task = 'ERROR: STP .LT. STPMIN';
      if (stp > stpmax) this.task = 'ERROR: STP .GT. STPMAX';
      if (g >= 0) this.task = 'ERROR: INITIAL G .GE. ZERO';
      if (stpmax < stpmin) this.task = 'ERROR: STPMAX .LT. STPMIN';
      if (this.task.startsWith('ERROR')) return stp;
      this.brackt = false;
      this.stage = 1;
      this.finit = f;
      this.ginit = g;
      this.gtest = FTOL * this.ginit;
      this.width = stpmax - stpmin;
      this.width1 = this.width / 0.5;
      this.stx = 0;
      this.fx = this.finit;
      this.gx = this.ginit;
      this.sty = 0;
      this.fy = this.finit;
      this.gy = this.ginit;
      this.stmin = 0;
      this.stmax = stp + stp * 4;
      this.task = 'FG';
      return stp;
    }
    const ftest = this.finit + stp * this.gtest;
    if (this.stage === 1 && f <= ftest && g >= 0) this.stage = 2;
    // Tests for warnings.
    if (this.brackt && (stp <= this.stmin || stp >= this.stmax)) {
      this.task = 'WARNING: ROUNDING ERRORS PREVENT PROGRESS';
    }
    if (this.brackt && this.stmax - this.stmin <= XTOL * this.stmax) {
      this.task = 'WARNING: XTOL TEST SATISFIED';
    }
    if (stp === stpmax && f <= ftest && g <= this.gtest) this.task = 'WARNING: STP = STPMAX';
    if (stp === stpmin && (f > ftest || g >= this.gtest)) this.task = 'WARNING: STP = STPMIN';
    // Test for convergence.
    if (f <= ftest && Math.abs(g) <= GTOL * -this.ginit) this.task = 'CONVERGENCE';
    if (this.task.startsWith('WARN') || this.task.startsWith('CONV')) return stp;

    const step: StepState = {
      stx: this.stx,
      fx: this.fx,
      dx: this.gx,
      sty: this.sty,
      fy: this.fy,
      dy: this.gy,
      stp,
      brackt: this.brackt,
    };
    if (this.stage === 1 && f <= this.fx && f > ftest) {
      // The modified function psi predicts the step in the first stage.
      const gtest = this.gtest;
      const fm = f - stp * gtest;
      step.fx = this.fx - this.stx * gtest;
      step.fy = this.fy - this.sty * gtest;
      const gm = g - gtest;
      step.dx = this.gx - gtest;
      step.dy = this.gy - gtest;
      dcstep(step, fm, gm, this.stmin, this.stmax);
      this.fx = step.fx + step.stx * gtest;
      this.fy = step.fy + step.sty * gtest;
      this.gx = step.dx + gtest;
      this.gy = step.dy + gtest;
    } else {
      dcstep(step, f, g, this.stmin, this.stmax);
      this.fx = step.fx;
      this.fy = step.fy;
      this.gx = step.dx;
      this.gy = step.dy;
    }
    this.stx = step.stx;
    this.sty = step.sty;
    this.brackt = step.brackt;
    stp = step.stp;
    // Bisection if the interval does not shrink enough.
    if (this.brackt) {
      if (Math.abs(this.sty - this.stx) >= this.width1 * 0.66) {
        stp = this.stx + (this.sty - this.stx) * 0.5;
      }
      this.width1 = this.width;
      this.width = Math.abs(this.sty - this.stx);
    }
    if (this.brackt) {
      this.stmin = this.stx > this.sty ? this.sty : this.stx;
      this.stmax = this.stx < this.sty ? this.sty : this.stx;
    } else {
      this.stmin = stp + (stp - this.stx) * 1.1;
      this.stmax = stp + (stp - this.stx) * 4;
    }
    if (stp < stpmin) stp = stpmin;
    if (stp > stpmax) stp = stpmax;
    // If no further progress is possible, the best step so far.
    if (
      (this.brackt && (stp <= this.stmin || stp >= this.stmax)) ||
      (this.brackt && this.stmax - this.stmin <= XTOL * this.stmax)
    ) {
      stp = this.stx;
    }
    this.task = 'FG';
    return stp;
  }
}

interface StepState {
  stx: number;
  fx: number;
  dx: number;
  sty: number;
  fy: number;
  dy: number;
  stp: number;
  brackt: boolean;
}

/** MINPACK-2's `dcstep`: a safeguarded step, and the interval that brackets a minimizer. */
function dcstep(s: StepState, fp: number, dp: number, stpmin: number, stpmax: number): void {
  const { stx, fx, dx, sty, fy, dy, stp } = s;
  const sgnd = dp * (dx / Math.abs(dx));
  const max3 = (a: number, b: number, c: number) => {
    const ab = a < b ? b : a;
    return ab < c ? c : ab;
  };
  let stpf: number;
  if (fp > fx) {
    // A higher function value: the minimum is bracketed.
    const theta = ((fx - fp) * 3) / (stp - stx) + dx + dp;
    const sc = max3(Math.abs(theta), Math.abs(dx), Math.abs(dp));
    const ts = theta / sc;
    let gamm = sc * Math.sqrt(ts * ts - (dx / sc) * (dp / sc));
    if (stp < stx) gamm = -gamm;
    const p = gamm - dx + theta;
    const q = gamm - dx + gamm + dp;
    const r = p / q;
    const stpc = stx + r * (stp - stx);
    const stpq = stx + (dx / ((fx - fp) / (stp - stx) + dx) / 2) * (stp - stx);
    if (Math.abs(stpc - stx) < Math.abs(stpq - stx)) stpf = stpc;
    else stpf = stpc + (stpq - stpc) / 2;
    s.brackt = true;
  } else if (sgnd < 0) {
    // A lower value and derivatives of opposite sign: the minimum is bracketed.
    const theta = ((fx - fp) * 3) / (stp - stx) + dx + dp;
    const sc = max3(Math.abs(theta), Math.abs(dx), Math.abs(dp));
    const ts = theta / sc;
    let gamm = sc * Math.sqrt(ts * ts - (dx / sc) * (dp / sc));
    if (stp > stx) gamm = -gamm;
    const p = gamm - dp + theta;
    const q = gamm - dp + gamm + dx;
    const r = p / q;
    const stpc = stp + r * (stx - stp);
    const stpq = stp + (dp / (dp - dx)) * (stx - stp);
    if (Math.abs(stpc - stp) > Math.abs(stpq - stp)) stpf = stpc;
    else stpf = stpq;
    s.brackt = true;
  } else if (Math.abs(dp) < Math.abs(dx)) {
    // A lower value, derivatives of the same sign, and the derivative's magnitude decreases.
    const theta = ((fx - fp) * 3) / (stp - stx) + dx + dp;
    const sc = max3(Math.abs(theta), Math.abs(dx), Math.abs(dp));
    const ts = theta / sc;
    const radicand = ts * ts - (dx / sc) * (dp / sc);
    let gamm = radicand < 0 ? 0 : sc * Math.sqrt(radicand);
    if (stp > stx) gamm = -gamm;
    const p = gamm - dp + theta;
    const q = gamm + (dx - dp) + gamm;
    const r = p / q;
    let stpc: number;
    if (r < 0 && gamm !== 0) stpc = stp + r * (stx - stp);
    else if (stp > stx) stpc = stpmax;
    else stpc = stpmin;
    const stpq = stp + (dp / (dp - dx)) * (stx - stp);
    if (s.brackt) {
      // Bracketed: the cubic step if closer to stp than the secant step.
      stpf = Math.abs(stpc - stp) < Math.abs(stpq - stp) ? stpc : stpq;
      const limit = stp + (sty - stp) * 0.66;
      if (stp > stx) stpf = limit > stpf ? stpf : limit;
      else stpf = limit < stpf ? stpf : limit;
    } else {
      // Not bracketed: the cubic step if farther from stp than the secant step.
      stpf = Math.abs(stpc - stp) > Math.abs(stpq - stp) ? stpc : stpq;
      stpf = stpmax > stpf ? stpf : stpmax;
      stpf = stpmin < stpf ? stpf : stpmin;
    }
  } else if (s.brackt) {
    // A lower value, derivatives of the same sign, not decreasing: the cubic step.
    const theta = ((fp - fy) * 3) / (sty - stp) + dy + dp;
    const sc = max3(Math.abs(theta), Math.abs(dy), Math.abs(dp));
    const ts = theta / sc;
    let gamm = sc * Math.sqrt(ts * ts - (dy / sc) * (dp / sc));
    if (stp > sty) gamm = -gamm;
    const p = gamm - dp + theta;
    const q = gamm - dp + gamm + dy;
    const r = p / q;
    stpf = stp + r * (sty - stp);
  } else if (stp > stx) {
    stpf = stpmax;
  } else {
    stpf = stpmin;
  }
  // Update the interval that contains a minimizer.
  if (fp > fx) {
    s.sty = stp;
    s.fy = fp;
    s.dy = dp;
  } else {
    if (sgnd < 0) {
      s.sty = stx;
      s.fy = fx;
      s.dy = dx;
    }
    s.stx = stp;
    s.fx = fp;
    s.dx = dp;
  }
  s.stp = stpf;
}

// --- Reference BLAS and LINPACK, in their order of operations --------------------------------

/** BLAS ddot on 1-based vectors from index xFrom / yFrom (sequential sum from the first). */
function ddot(n: number, x: Float64Array, xFrom: number, y: Float64Array, yFrom: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += x[xFrom + i]! * y[yFrom + i]!;
  return sum;
}

/** ddot on flat (0-based) offsets. */
function ddotFlat(n: number, x: Float64Array, xFrom: number, y: Float64Array, yFrom: number) {
  return ddot(n, x, xFrom, y, yFrom);
}

/** BLAS daxpy: y += a x (1-based from index 1 of each); returns at once when a is 0. */
function daxpy(
  n: number,
  a: number,
  x: Float64Array,
  xFrom: number,
  y: Float64Array,
  yFrom: number,
) {
  if (n <= 0 || a === 0) return;
  for (let i = 0; i < n; i++) y[yFrom + i] = y[yFrom + i]! + a * x[xFrom + i]!;
}

/** BLAS dscal: x *= a (n elements from index from). */
function dscal(n: number, a: number, x: Float64Array, from: number): void {
  for (let i = 0; i < n; i++) x[from + i] = a * x[from + i]!;
}

/** BLAS dcopy (forward, stride 1) on flat offsets. */
function dcopyFlat(n: number, x: Float64Array, xFrom: number, y: Float64Array, yFrom: number) {
  for (let i = 0; i < n; i++) y[yFrom + i] = x[xFrom + i]!;
}

/**
 * LINPACK `dpofa`: Cholesky factor of the n × n matrix at flat offset `base` (leading dimension
 * lda), R' R with R in the upper triangle. Returns 0, or the order of the leading minor that is
 * not positive definite.
 */
function dpofa(a: Float64Array, base: number, lda: number, n: number): number {
  const at = (i: number, j: number) => base + (i - 1) + (j - 1) * lda;
  for (let j = 1; j <= n; j++) {
    let s = 0;
    for (let k = 1; k <= j - 1; k++) {
      let t = a[at(k, j)]! - ddot(k - 1, a, at(1, k), a, at(1, j));
      t = t / a[at(k, k)]!;
      a[at(k, j)] = t;
      s += t * t;
    }
    s = a[at(j, j)]! - s;
    if (s <= 0) return j;
    a[at(j, j)] = Math.sqrt(s);
  }
  return 0;
}

/**
 * LINPACK `dtrsl` for an upper triangular T at flat offset `base` (leading dimension ldt):
 * job 1 solves T x = b, job 11 solves T' x = b. b is 1-based from index bBase + 1 (its element
 * j at b[bBase + j]). Returns 0, or the index of a zero diagonal element.
 */
function dtrsl(
  t: Float64Array,
  base: number,
  ldt: number,
  n: number,
  b: Float64Array,
  bBase: number,
  job: 1 | 11,
): number {
  const at = (i: number, j: number) => base + (i - 1) + (j - 1) * ldt;
  for (let info = 1; info <= n; info++) if (t[at(info, info)] === 0) return info;
  if (job === 1) {
    // T x = b, T upper triangular.
    b[bBase + n] = b[bBase + n]! / t[at(n, n)]!;
    for (let jj = 2; jj <= n; jj++) {
      const j = n - jj + 1;
      const temp = -b[bBase + j + 1]!;
      daxpy(j, temp, t, at(1, j + 1), b, bBase + 1);
      b[bBase + j] = b[bBase + j]! / t[at(j, j)]!;
    }
  } else {
    // T' x = b, T upper triangular.
    b[bBase + 1] = b[bBase + 1]! / t[at(1, 1)]!;
    for (let j = 2; j <= n; j++) {
      b[bBase + j] = b[bBase + j]! - ddot(j - 1, t, at(1, j), b, bBase + 1);
      b[bBase + j] = b[bBase + j]! / t[at(j, j)]!;
    }
  }
  return 0;
}
