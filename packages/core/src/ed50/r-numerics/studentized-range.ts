/**
 * The studentized range distribution as R's `ptukey` and `qtukey` compute it, for the group
 * comparison's Tukey HSD (`TukeyHSD(aov(ED50 ~ group))`, decision 0033).
 *
 * Written from the published algorithms R cites, with R's choices of quadrature and stopping
 * rules, because those choices are visible in the results: `qtukey` stops its secant search once
 * two iterates are within 1e-4 of each other, so R's critical value (and every Tukey interval)
 * is wherever that search stops, not the exact quantile. Reproducing the search reproduces R's
 * intervals; an exact quantile would be off from them by up to 1e-4.
 *
 * - P(range < q): Copenhaver & Holland (1988), J. Statist. Comput. Simul. 30, 1–15 — the
 *   studentized range as an integral over the chi distribution of the standard error (16-point
 *   Gauss–Legendre on unit, half-, quarter- or eighth-unit intervals by df), the range of `cc`
 *   normal means as Hartley's integral (12-point Gauss–Legendre on 2 or 3 intervals).
 * - The quantile: secant iterations from the starting value of Odeh & Evans (1974), Applied
 *   Statistics 23, algorithm AS 70.
 *
 * exp, log and pow are C's (glibc's, ported in glibc-exp-log.ts and glibc-pow.ts), not V8's
 * Math functions, whose last bits may change from one V8 release to another: the CLI (Node) and
 * the calculator page (the browser) must give the same unrounded comparison.
 */
import { glibcExp, glibcLog } from './glibc-exp-log';
import { glibcPow } from './glibc-pow';

/** Gauss–Legendre nodes and weights (Abramowitz & Stegun, table 25.4), positive half. */
const LEGENDRE_12_NODES = [
  0.9815606342467192, 0.9041172563704749, 0.7699026741943047, 0.5873179542866175,
  0.3678314989981802, 0.1252334085114689,
];
const LEGENDRE_12_WEIGHTS = [
  0.04717533638651183, 0.10693932599531843, 0.16007832854334622, 0.20316742672306592,
  0.2334925365383548, 0.24914704581340277,
];
const LEGENDRE_16_NODES = [
  0.9894009349916499, 0.9445750230732326, 0.8656312023878318, 0.755404408355003, 0.6178762444026438,
  0.45801677765722737, 0.2816035507792589, 0.09501250983763744,
];
const LEGENDRE_16_WEIGHTS = [
  0.027152459411754096, 0.062253523938647894, 0.09515851168249279, 0.12462897125553388,
  0.14959598881657674, 0.16915651939500254, 0.18260341504492358, 0.1894506104550685,
];

const INV_SQRT_2PI = 0.3989422804014327;
const LN_SQRT_2PI = 0.9189385332046728;

/**
 * P(range of `cc` standard normal values < w), raised to the power `rr` (Hartley's form).
 * Contributions below R's cut-offs (integrand terms under e^-30, nodes beyond |x| = √60) are
 * left out exactly where R leaves them out.
 */
function rangeProbability(w: number, rr: number, cc: number): number {
  const half = w * 0.5;
  const upperLimit = 8;
  if (half >= upperLimit) return 1;

  // First term of Hartley's form: (2Φ(w/2) − 1)^cc, dropped when below e^-50.
  let first = 2 * normalCdf(half) - 1;
  first = first >= glibcExp(-50 / cc) ? glibcPow(first, cc) : 0;

  // Second term: ∫ from w/2 to 8, on 2 equal intervals for w > 3, else 3.
  const intervals = w > 3 ? 2 : 3;
  const width = (upperLimit - half) / intervals;
  const ccMinus1 = cc - 1;
  const smallest = glibcExp(-30 / ccMinus1);
  let lower = half;
  let integral = 0;
  for (let interval = 1; interval <= intervals; interval++) {
    const upper = lower + width;
    const mid = 0.5 * (upper + lower);
    const halfWidth = 0.5 * (upper - lower);
    let sum = 0;
    for (let node = 0; node < 12; node++) {
      // Nodes run from −x₁ up to +x₁; R's loop order, which fixes the rounding of the sum.
      const index = node < 6 ? node : 11 - node;
      const x = node < 6 ? -LEGENDRE_12_NODES[index]! : LEGENDRE_12_NODES[index]!;
      const at = mid + halfWidth * x;
      const squared = at * at;
      if (squared > 60) break;
      const inside = 2 * normalCdf(at) * 0.5 - 2 * normalCdf(at - w) * 0.5;
      if (inside >= smallest) {
        sum +=
          LEGENDRE_12_WEIGHTS[index]! * glibcExp(-(0.5 * squared)) * glibcPow(inside, ccMinus1);
      }
    }
    integral += sum * (2 * halfWidth * cc * INV_SQRT_2PI);
    lower = upper;
  }

  const total = integral + first;
  if (total <= glibcExp(-30 / rr)) return 0;
  const power = glibcPow(total, rr);
  return power >= 1 ? 1 : power;
}

/**
 * `ptukey(q, nranges = rr, nmeans = cc, df, lower.tail)`: the probability that the studentized
 * range of `cc` means with `df` degrees of freedom for the standard error is below `q`.
 * NaN where R gives NaN (df < 2, cc < 2, rr < 1).
 */
export function studentizedRangeCdf(
  q: number,
  cc: number,
  df: number,
  lowerTail = true,
  rr = 1,
): number {
  const tail = (p: number) => (lowerTail ? p : 0.5 - p + 0.5);
  if ([q, rr, cc, df].some(Number.isNaN)) return NaN;
  if (q <= 0) return tail(0);
  if (df < 2 || rr < 1 || cc < 2) return NaN;
  if (!Number.isFinite(q)) return tail(1);
  if (df > 25000) return tail(rangeProbability(q, rr, cc));

  const halfDf = df * 0.5;
  const step = df <= 100 ? 1 : df <= 800 ? 0.5 : df <= 5000 ? 0.25 : 0.125;
  // log of the chi density's constant, times the interval length.
  const logConstant = halfDf * glibcLog(df) - df * Math.LN2 - logGamma(halfDf) + glibcLog(step);
  const halfDfMinus1 = halfDf - 1;
  const quarterDf = df * 0.25;

  let probability = 0;
  for (let interval = 1; interval <= 50; interval++) {
    let intervalSum = 0;
    const centre = (2 * interval - 1) * step;
    for (let node = 0; node < 16; node++) {
      const upperHalf = node >= 8;
      const index = upperHalf ? node - 8 : node;
      const offset = LEGENDRE_16_NODES[index]! * step;
      const logTerm = upperHalf
        ? logConstant + halfDfMinus1 * glibcLog(centre + offset) - (offset + centre) * quarterDf
        : logConstant + halfDfMinus1 * glibcLog(centre - offset) + (offset - centre) * quarterDf;
      if (logTerm >= -30) {
        const scaled = upperHalf
          ? q * Math.sqrt((offset + centre) * 0.5)
          : q * Math.sqrt((-offset + centre) * 0.5);
        intervalSum +=
          rangeProbability(scaled, rr, cc) * LEGENDRE_16_WEIGHTS[index]! * glibcExp(logTerm);
      }
    }
    // Stop once an interval adds under 1e-14, but never before the integral has covered [0, 1].
    if (interval * step >= 1 && intervalSum <= 1e-14) break;
    probability += intervalSum;
  }
  return tail(Math.min(probability, 1));
}

/**
 * `ptukey(q, cc, df, lower.tail = FALSE)` for many q of one family (cc means, df degrees of
 * freedom, nranges 1): emmeans' Tukey adjustment asks it for every pair of 200 levels (19,900
 * times) with cc and df fixed (decision 0071). Returns the same double as
 * `studentizedRangeCdf(q, cc, df, false)` for every q, bit for bit (studentized-range.test.ts
 * compares them), doing only the work that depends on q:
 * - the outer quadrature's nodes (their chi-density terms, weights and √(x/2)) are computed once
 *   per family, in the same operations, and only the nodes R keeps (log term ≥ −30) are visited;
 * - Hartley's cut-offs e^(−50/cc), e^(−30/(cc−1)) and e^(−30) are computed once;
 * - `rangeProbability` returns 0 at once when its first term is below both cut-offs: then no
 *   node of its integral reaches the second cut-off either (the integrand's inner difference
 *   Φ(x) − Φ(x − w) is largest at x = w/2, where it is the first term), so the full evaluation
 *   adds nothing and returns 0 too;
 * - the inner integral stops at the first node where Φ(x) − Φ(x − w) ≤ 1 − Φ(x − w) is below the
 *   second cut-off for that node and every later one (x − w only grows along the nodes): the
 *   full evaluation adds nothing from there on.
 * Both shortcuts keep a margin of 1e-9 over the series Φ's error (about 1e-15), so they are
 * taken only where the full evaluation provably adds nothing.
 */
export function studentizedRangeUpperTails(cc: number, df: number): (q: number) => number {
  if (Number.isNaN(cc) || Number.isNaN(df) || df < 2 || cc < 2 || df > 25000) {
    return (q) => studentizedRangeCdf(q, cc, df, false);
  }
  const halfDf = df * 0.5;
  const step = df <= 100 ? 1 : df <= 800 ? 0.5 : df <= 5000 ? 0.25 : 0.125;
  const logConstant = halfDf * glibcLog(df) - df * Math.LN2 - logGamma(halfDf) + glibcLog(step);
  const halfDfMinus1 = halfDf - 1;
  const quarterDf = df * 0.25;
  // Per interval, the nodes the full evaluation keeps: √(x/2), weight and e^(log term).
  const roots: Float64Array[] = [];
  const weights: Float64Array[] = [];
  const densities: Float64Array[] = [];
  for (let interval = 1; interval <= 50; interval++) {
    const centre = (2 * interval - 1) * step;
    const root: number[] = [];
    const weight: number[] = [];
    const density: number[] = [];
    for (let node = 0; node < 16; node++) {
      const upperHalf = node >= 8;
      const index = upperHalf ? node - 8 : node;
      const offset = LEGENDRE_16_NODES[index]! * step;
      const logTerm = upperHalf
        ? logConstant + halfDfMinus1 * glibcLog(centre + offset) - (offset + centre) * quarterDf
        : logConstant + halfDfMinus1 * glibcLog(centre - offset) + (offset - centre) * quarterDf;
      if (logTerm >= -30) {
        root.push(
          upperHalf ? Math.sqrt((offset + centre) * 0.5) : Math.sqrt((-offset + centre) * 0.5),
        );
        weight.push(LEGENDRE_16_WEIGHTS[index]!);
        density.push(glibcExp(logTerm));
      }
    }
    roots.push(Float64Array.from(root));
    weights.push(Float64Array.from(weight));
    densities.push(Float64Array.from(density));
  }
  const range = rangeProbabilityOfFamily(cc);
  return (q) => {
    if (Number.isNaN(q)) return NaN;
    if (q <= 0) return 0.5 - 0 + 0.5;
    if (!Number.isFinite(q)) return 0.5 - 1 + 0.5;
    let probability = 0;
    for (let interval = 1; interval <= 50; interval++) {
      const root = roots[interval - 1]!;
      const weight = weights[interval - 1]!;
      const density = densities[interval - 1]!;
      let intervalSum = 0;
      for (let k = 0; k < root.length; k++) {
        intervalSum += range(q * root[k]!) * weight[k]! * density[k]!;
      }
      if (interval * step >= 1 && intervalSum <= 1e-14) break;
      probability += intervalSum;
    }
    return 0.5 - Math.min(probability, 1) + 0.5;
  };
}

/** Margin of the shortcuts above over the series Φ's error (about 1e-15 absolute). */
const SHORTCUT_MARGIN = 1e-9;

/** `rangeProbability(w, 1, cc)` with cc's constants computed once, and its two shortcuts. */
function rangeProbabilityOfFamily(cc: number): (w: number) => number {
  const firstCutoff = glibcExp(-50 / cc);
  const ccMinus1 = cc - 1;
  const smallest = glibcExp(-30 / ccMinus1);
  const totalCutoff = glibcExp(-30 / 1);
  // Below this, Φ(x − w) is so small that 1 − Φ(x − w) (a bound of the inner difference) is at
  // least the cut-off: nodes stop mattering only from here up. Found on the same series Φ.
  let low = -10;
  let high = 10;
  for (let i = 0; i < 200; i++) {
    const middle = (low + high) / 2;
    if (1 - normalCdf(middle) < smallest - SHORTCUT_MARGIN) high = middle;
    else low = middle;
  }
  // From `stopAt` up, 1 − Φ(y) < smallest − margin (Φ is increasing; the series is within
  // 1e-15 of it); never, where no y qualifies (small cc: the cut-off is e^-30).
  const stopAt = 1 - normalCdf(high) < smallest - SHORTCUT_MARGIN ? high : Infinity;
  return (w) => {
    const half = w * 0.5;
    const upperLimit = 8;
    if (half >= upperLimit) return 1;
    let first = 2 * normalCdf(half) - 1;
    if (first < firstCutoff && first < smallest - SHORTCUT_MARGIN) return 0;
    first = first >= firstCutoff ? glibcPow(first, cc) : 0;
    const intervals = w > 3 ? 2 : 3;
    const width = (upperLimit - half) / intervals;
    let lower = half;
    let integral = 0;
    for (let interval = 1; interval <= intervals; interval++) {
      const upper = lower + width;
      const mid = 0.5 * (upper + lower);
      const halfWidth = 0.5 * (upper - lower);
      let sum = 0;
      let done = false;
      for (let node = 0; node < 12; node++) {
        const index = node < 6 ? node : 11 - node;
        const x = node < 6 ? -LEGENDRE_12_NODES[index]! : LEGENDRE_12_NODES[index]!;
        const at = mid + halfWidth * x;
        const squared = at * at;
        if (squared > 60) break;
        if (at - w >= stopAt) {
          done = true;
          break;
        }
        const inside = 2 * normalCdf(at) * 0.5 - 2 * normalCdf(at - w) * 0.5;
        if (inside >= smallest) {
          sum +=
            LEGENDRE_12_WEIGHTS[index]! * glibcExp(-(0.5 * squared)) * glibcPow(inside, ccMinus1);
        }
      }
      integral += sum * (2 * halfWidth * cc * INV_SQRT_2PI);
      if (done) break;
      lower = upper;
    }
    const total = integral + first;
    if (total <= totalCutoff) return 0;
    const power = glibcPow(total, 1);
    return power >= 1 ? 1 : power;
  };
}

/** AS 70's approximation of the studentized range quantile: only the secant's first iterate. */
function initialQuantile(p: number, cc: number, df: number): number {
  const tailHalf = 0.5 - 0.5 * p;
  const y = Math.sqrt(glibcLog(1 / (tailHalf * tailHalf)));
  let t =
    y +
    ((((y * -0.453642210148e-4 + -0.204231210125) * y + -0.342242088547) * y + -1) * y +
      0.322232421088) /
      ((((y * 0.38560700634e-2 + 0.10353775285) * y + 0.531103462366) * y + 0.588581570495) * y +
        0.99348462606e-1);
  const dfIsFinite = df < 120;
  if (dfIsFinite) t += (t * t * t + t) / df / 4;
  let factor = 0.8832 - 0.2368 * t;
  if (dfIsFinite) factor += -1.214 / df + (1.208 * t) / df;
  return t * (factor * glibcLog(cc - 1) + 1.4142);
}

/**
 * `qtukey(p, nmeans = cc, df)` (lower tail): R's secant search, stopped as R stops it (two
 * iterates within 1e-4, at most 50 iterations). The result is R's value, not the exact quantile.
 */
export function studentizedRangeQuantile(p: number, cc: number, df: number, rr = 1): number {
  if ([p, rr, cc, df].some(Number.isNaN)) return NaN;
  if (p < 0 || p >= 1) return NaN;
  if (df < 2 || rr < 1 || cc < 2) return NaN;
  if (p === 0) return 0;

  let x0 = initialQuantile(p, cc, df);
  let value0 = studentizedRangeCdf(x0, cc, df, true, rr) - p;
  let x1 = value0 > 0 ? Math.max(0, x0 - 1) : x0 + 1;
  let value1 = studentizedRangeCdf(x1, cc, df, true, rr) - p;
  let next = 0;
  for (let iteration = 1; iteration < 50; iteration++) {
    next = x1 - (value1 * (x1 - x0)) / (value1 - value0);
    value0 = value1;
    x0 = x1;
    if (next < 0) next = 0;
    value1 = studentizedRangeCdf(next, cc, df, true, rr) - p;
    x1 = next;
    if (Math.abs(x1 - x0) < 1e-4) return next;
  }
  return next;
}

/**
 * Φ(x), the standard normal distribution function, from the series
 * Φ(x) = ½ + φ(x)·(x + x³/3 + x⁵/(3·5) + …) (all terms of one sign, so no cancellation):
 * accurate to about 1e-15 in absolute terms, which is what the integrals above need.
 */
function normalCdf(x: number): number {
  // Beyond ±9 the series' terms would overflow; Φ is 1 to double precision there, and 1 − Φ
  // (under 1.2e-19) is far below anything the integrals can see.
  if (x > 9) return 1;
  if (x < -9) return 0;
  const absolute = Math.abs(x);
  const squared = absolute * absolute;
  let term = absolute;
  let sum = absolute;
  for (let k = 3; term > sum * 1e-17; k += 2) {
    term *= squared / k;
    sum += term;
  }
  const half = glibcExp(-0.5 * squared - LN_SQRT_2PI) * sum;
  const upper = 0.5 + Math.min(half, 0.5);
  return x >= 0 ? upper : 1 - upper;
}

/** ln Γ(x) for x > 0: Stirling's series after shifting x above 15 by the recurrence. */
function logGamma(x: number): number {
  let shift = 0;
  let z = x;
  while (z < 15) {
    shift += glibcLog(z);
    z += 1;
  }
  const inverse = 1 / z;
  const inverseSquared = inverse * inverse;
  const series =
    inverse *
    (1 / 12 -
      inverseSquared *
        (1 / 360 -
          inverseSquared * (1 / 1260 - inverseSquared * (1 / 1680 - inverseSquared / 1188))));
  return (z - 0.5) * glibcLog(z) - z + LN_SQRT_2PI + series - shift;
}

export const testing = { normalCdf, logGamma };
