// Test helpers: R's own optim() example problem. Only imported by *.test.ts files.

/** R's ?optim example: Rosenbrock's banana, started from c(-1.2, 1). */
export const rosenbrock = (x: Float64Array) => {
  const x1 = x[0]!;
  const x2 = x[1]!;
  return 100 * (x2 - x1 * x1) ** 2 + (1 - x1) ** 2;
};

export const rosenbrockGradient = (x: Float64Array, g: Float64Array) => {
  const x1 = x[0]!;
  const x2 = x[1]!;
  g[0] = -400 * x1 * (x2 - x1 * x1) - 2 * (1 - x1);
  g[1] = 200 * (x2 - x1 * x1);
};

/** optim's fmingr with parscale 1 and ndeps 1e-3 (what optim does without `gr`). */
export const centralDifferences = (x: Float64Array, g: Float64Array) => {
  const p = Float64Array.from(x);
  for (let i = 0; i < p.length; i++) {
    p[i] = x[i]! + 1e-3;
    const up = rosenbrock(p);
    p[i] = x[i]! - 1e-3;
    const down = rosenbrock(p);
    g[i] = (up - down) / (2 * 1e-3);
    p[i] = x[i]!;
  }
};

/** optim's defaults for BFGS: maxit 100, reltol sqrt(.Machine$double.eps). */
export const BFGS_DEFAULTS = { maxit: 100, abstol: -Infinity, reltol: 1.490116119384765625e-8 };
