import { describe, expect, it } from 'vitest';
import { JointLl3Objective, type JointData } from './joint-objective';
import {
  BFGS_DEFAULTS,
  centralDifferences,
  rosenbrock,
} from '../../test/r-numerics/optim-test-problems';
import { vmmin } from './r-numerics/vmmin';

/*
 * The line search's early rejection (vmmin's `fnUnlessAbove`, JointLl3Objective's
 * `valueUnlessAbove`) is a speed-up only: these tests pin that it never changes a result.
 */

const options = BFGS_DEFAULTS;

describe('vmmin with a line search that may only bound rejected values', () => {
  it('gives the same point, value and counts as with exact values, recomputing where R reads one', () => {
    const plain = vmmin(Float64Array.of(-1.2, 1), rosenbrock, centralDifferences, options);
    let exactCalls = 0;
    const counted = (x: Float64Array) => {
      exactCalls++;
      return rosenbrock(x);
    };
    // The most a bound may do: answer Infinity for every point above the threshold.
    const bounded = vmmin(
      Float64Array.of(-1.2, 1),
      counted,
      centralDifferences,
      options,
      (x, t) => {
        const value = rosenbrock(x);
        return Number.isFinite(value) && value <= t ? value : Infinity;
      },
    );
    expect(Array.from(bounded.p)).toEqual(Array.from(plain.p));
    expect(bounded.value).toBe(plain.value);
    expect(bounded.functionEvaluations).toBe(plain.functionEvaluations);
    expect(bounded.gradientEvaluations).toBe(plain.gradientEvaluations);
    // The initial value, plus the searches that ended without moving (their last value is read).
    expect(exactCalls).toBeGreaterThan(1);
  });
});

/** Three LL.3 curves in scaled units (x/10, y/0.1), rows grouped by curve, file order interleaved. */
function jointData(): JointData {
  const temperatures = [3.0, 3.3, 3.6, 3.9];
  const curves = [
    [6.2, 6.0, 3.1, 0.4],
    [6.1, 6.0, 5.9, 5.2],
    [5.8, 5.5, 1.9, 0.1],
  ];
  const xs = new Float64Array(12);
  const ys = new Float64Array(12);
  const fileOrder = new Int32Array(12);
  curves.forEach((values, curve) =>
    values.forEach((y, i) => {
      xs[curve * 4 + i] = temperatures[i]!;
      ys[curve * 4 + i] = y;
      fileOrder[i * 3 + curve] = curve * 4 + i; // the file lists temperature by temperature
    }),
  );
  return { curveCount: 3, start: Int32Array.of(0, 4, 8, 12), xs, ys, fileOrder };
}

/** A small deterministic sequence in [0, 1). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('JointLl3Objective.valueUnlessAbove', () => {
  const parscale = Float64Array.of(40, 60, 30, 6.2, 6.1, 5.8, 3.6, 3.9, 3.5);
  const at = (random: () => number) => Float64Array.from({ length: 9 }, () => 0.5 + 1.5 * random());

  it('is value(p) whenever value(p) <= threshold, and Infinity only when value(p) > threshold', () => {
    const random = sequence(7);
    const objective = new JointLl3Objective(jointData(), parscale);
    const reference = new JointLl3Objective(jointData(), parscale);
    let rejectedEarly = 0;
    for (let trial = 0; trial < 500; trial++) {
      const p = at(random);
      const exact = reference.value(p);
      const threshold = exact * (0.2 + 1.6 * random());
      const answer = objective.valueUnlessAbove(p, threshold);
      if (answer === Infinity && exact !== Infinity) {
        rejectedEarly++;
        expect(exact > threshold || Number.isNaN(exact)).toBe(true);
      } else {
        expect(answer).toBe(exact);
      }
    }
    expect(rejectedEarly).toBeGreaterThan(50);
  });

  it('leaves no partial evaluation behind: values and gradients stay those of a fresh objective', () => {
    const random = sequence(11);
    const objective = new JointLl3Objective(jointData(), parscale);
    for (let trial = 0; trial < 100; trial++) {
      const p = at(random);
      objective.valueUnlessAbove(p, 0); // rejected early whenever the first curve has any error
      const q = random() < 0.5 ? p : at(random);
      const fresh = new JointLl3Objective(jointData(), parscale);
      expect(objective.value(q)).toBe(fresh.value(q));
      const [g, h] = [new Float64Array(9), new Float64Array(9)];
      objective.gradient(q, g);
      fresh.gradient(q, h);
      expect(Array.from(g)).toEqual(Array.from(h));
    }
  });
});
