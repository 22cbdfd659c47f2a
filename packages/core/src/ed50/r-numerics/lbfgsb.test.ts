import { describe, expect, it } from 'vitest';
import { rosenbrock, rosenbrockGradient } from '../../../test/r-numerics/optim-test-problems';
import { LBFGSB_DEFAULTS, lbfgsb } from './lbfgsb';
import { OptimError } from './vmmin';

/**
 * `optim(par, fn, gr, method = "L-BFGS-B", lower, upper, control = list(maxit, parscale))` as R
 * runs it: p = par / parscale, bounds / parscale, and without `gr` optim's fmingr with bounds
 * (ndeps 1e-3, each step cut at the bound it would cross).
 */
function optimLbfgsb(
  fn: (x: Float64Array) => number,
  par: number[],
  options: {
    gr?: (x: Float64Array, g: Float64Array) => void;
    lower?: number[];
    upper?: number[];
    parscale?: number[];
    maxit?: number;
  } = {},
) {
  const n = par.length;
  const parscale = Float64Array.from(options.parscale ?? par.map(() => 1));
  const lower = Float64Array.from(
    options.lower ?? par.map(() => -Infinity),
    (v, i) => v / parscale[i]!,
  );
  const upper = Float64Array.from(
    options.upper ?? par.map(() => Infinity),
    (v, i) => v / parscale[i]!,
  );
  const x = new Float64Array(n);
  const atP = (p: Float64Array) => {
    for (let i = 0; i < n; i++) x[i] = p[i]! * parscale[i]!;
    return x;
  };
  const gr = (p: Float64Array, df: Float64Array) => {
    if (options.gr) {
      options.gr(atP(p), df);
      for (let i = 0; i < n; i++) df[i] = df[i]! * parscale[i]!;
      return;
    }
    atP(p);
    for (let i = 0; i < n; i++) {
      let eps = 1e-3;
      let epsused = eps;
      let tmp = p[i]! + eps;
      if (tmp > upper[i]!) {
        tmp = upper[i]!;
        epsused = tmp - p[i]!;
      }
      x[i] = tmp * parscale[i]!;
      const val1 = fn(x);
      tmp = p[i]! - eps;
      if (tmp < lower[i]!) {
        tmp = lower[i]!;
        eps = p[i]! - tmp;
      }
      x[i] = tmp * parscale[i]!;
      const val2 = fn(x);
      df[i] = (val1 - val2) / (epsused + eps);
      x[i] = p[i]! * parscale[i]!;
    }
  };
  const p = Float64Array.from(par, (v, i) => v / parscale[i]!);
  const result = lbfgsb(p, lower, upper, (q) => fn(atP(q)), gr, {
    ...LBFGSB_DEFAULTS,
    maxit: options.maxit ?? 100,
  });
  return { ...result, par: Array.from(result.p, (v, i) => v * parscale[i]!) };
}

/** ?optim's 25-dimensional box-constrained example, summed left to right as in R's for loop. */
const flb = (x: Float64Array) => {
  let s = 0;
  let previous = 1;
  for (let i = 0; i < x.length; i++) {
    const t = x[i]! - previous * previous;
    s += (i === 0 ? 1 : 4) * (t * t);
    previous = x[i]!;
  }
  return s;
};

// Expected values printed by R 4.2.2 (Debian 12): optim(...) with sprintf("%.17g").
describe('lbfgsb (port of R optim "L-BFGS-B")', () => {
  it('Rosenbrock without bounds and numerical gradient: the same point to the bit', () => {
    const r = optimLbfgsb(rosenbrock, [-1.2, 1]);
    expect(r.par).toEqual([0.99980003783378579, 0.99960011579784236]);
    expect(r.value).toBe(3.9984867919192357e-8);
    expect(r.functionEvaluations).toBe(49);
    expect(r.gradientEvaluations).toBe(49);
    expect(r.convergence).toBe(0);
    expect(r.message).toBe('CONVERGENCE: REL_REDUCTION_OF_F <= FACTR*EPSMCH');
  });

  it('Rosenbrock in a box with the analytic gradient stops on the bound', () => {
    const r = optimLbfgsb(rosenbrock, [-1.2, 1], {
      gr: rosenbrockGradient,
      lower: [-2, -2],
      upper: [0.5, 2],
    });
    expect(r.par).toEqual([0.5, 0.25]);
    expect(r.value).toBe(0.25);
    expect(r.functionEvaluations).toBe(31);
    expect(r.message).toBe('CONVERGENCE: NORM OF PROJECTED GRADIENT <= PGTOL');
  });

  it('Rosenbrock in a box with the bounded numerical gradient', () => {
    const r = optimLbfgsb(rosenbrock, [-1.2, 1], { lower: [-2, -2], upper: [0.5, 2] });
    expect(r.par).toEqual([0.5, 0.25000000000000006]);
    expect(r.value).toBe(0.25);
    expect(r.functionEvaluations).toBe(31);
    expect(r.convergence).toBe(0);
  });

  it('projects an infeasible start onto the bounds (lower bounds only)', () => {
    const r = optimLbfgsb(rosenbrock, [-3, 1], { lower: [-2, 1.5] });
    expect(r.par).toEqual([-1.2210263125509395, 1.5]);
    expect(r.value).toBe(4.9412293179921409);
    expect(r.functionEvaluations).toBe(16);
  });

  it("?optim's 25-dimensional box example (many active bounds)", () => {
    const r = optimLbfgsb(flb, Array<number>(25).fill(3), {
      lower: Array<number>(25).fill(2),
      upper: Array<number>(25).fill(4),
    });
    expect(r.par).toEqual([...Array<number>(23).fill(2), 2.1090930615370058, 4]);
    expect(r.value).toBe(368.10591287434056);
    expect(r.functionEvaluations).toBe(6);
  });

  it('with parscale, stops at maxit with convergence 1 and message NEW_X', () => {
    const r = optimLbfgsb(rosenbrock, [-1.2, 1], {
      lower: [-2, -2],
      upper: [0.5, 2],
      parscale: [2, 0.5],
      maxit: 5,
    });
    expect(r.par).toEqual([-1.0322452166456939, 1.0810682115360759]);
    expect(r.value).toBe(4.1541636403329454);
    expect(r.functionEvaluations).toBe(8);
    expect(r.convergence).toBe(1);
    expect(r.message).toBe('NEW_X');
  });

  it("stops with R's error when fn is not finite", () => {
    expect(() => optimLbfgsb(() => NaN, [1])).toThrow("L-BFGS-B needs finite values of 'fn'");
    expect(() => optimLbfgsb(() => NaN, [1])).toThrow(OptimError);
  });
});
