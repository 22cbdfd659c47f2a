import { describe, expect, it } from 'vitest';
import {
  BFGS_DEFAULTS,
  centralDifferences,
  rosenbrock,
  rosenbrockGradient,
} from '../../../test/r-numerics/optim-test-problems';
import { OptimError, vmmin } from './vmmin';

// R's own optim() example (?optim): Rosenbrock's banana from c(-1.2, 1), method "BFGS".
const defaults = BFGS_DEFAULTS;

describe('vmmin (port of R optim "BFGS")', () => {
  it('reproduces R with an analytic gradient: value 9.594956e-18, counts 110 / 43', () => {
    const result = vmmin(Float64Array.of(-1.2, 1), rosenbrock, rosenbrockGradient, defaults);
    expect(result.value).toBeCloseTo(9.594956e-18, 23);
    expect(result.functionEvaluations).toBe(110);
    expect(result.gradientEvaluations).toBe(43);
    expect(result.convergence).toBe(0);
  });

  it('reproduces R with numerical gradients: par 0.9998044 0.9996084, counts 118 / 38', () => {
    const result = vmmin(Float64Array.of(-1.2, 1), rosenbrock, centralDifferences, defaults);
    expect(result.p[0]).toBeCloseTo(0.9998044, 7);
    expect(result.p[1]).toBeCloseTo(0.9996084, 7);
    expect(result.value).toBeCloseTo(3.827383e-8, 13);
    expect(result.functionEvaluations).toBe(118);
    expect(result.gradientEvaluations).toBe(38);
  });

  it('reports convergence 1 when maxit is reached, keeping the last point', () => {
    const result = vmmin(Float64Array.of(-1.2, 1), rosenbrock, rosenbrockGradient, {
      ...defaults,
      maxit: 5,
    });
    expect(result.convergence).toBe(1);
    expect(result.gradientEvaluations).toBe(5);
    expect(result.value).toBeLessThan(rosenbrock(Float64Array.of(-1.2, 1)));
  });

  it("stops with R's error when the initial value is not finite", () => {
    expect(() =>
      vmmin(
        Float64Array.of(1),
        () => NaN,
        () => undefined,
        defaults,
      ),
    ).toThrow(OptimError);
  });
});
