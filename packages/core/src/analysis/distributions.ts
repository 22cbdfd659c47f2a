/*
 * The probability distributions the post-fit analyses need (decision 0061): Student's t, F and
 * the standard normal, with R's argument conventions (upper tails computed directly, so tiny
 * p values keep their relative precision). These are accurate to about 1e-13 relative, not R's
 * bits: the analyses' numbers are compared with R's to 1e-9, and nothing iterates on them.
 */

const LN_SQRT_2PI = 0.9189385332046728; // log(sqrt(2 * pi))

/** Stirling series coefficients of log Γ(x) for x ≥ 10 (Bernoulli numbers B₂ₖ / (2k(2k−1))). */
const STIRLING = [
  1 / 12,
  -1 / 360,
  1 / 1260,
  -1 / 1680,
  1 / 1188,
  -691 / 360360,
  1 / 156,
  -3617 / 122400,
];

/** log Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (!(x > 0)) return NaN;
  let shift = 0;
  let z = x;
  // Γ(z) = Γ(z + m) / (z (z + 1) … (z + m − 1)): move z to where the series is exact.
  let product = 1;
  while (z < 10) {
    product *= z;
    z += 1;
    if (product > 1e280) {
      shift += Math.log(product);
      product = 1;
    }
  }
  shift += Math.log(product);
  const inverse = 1 / z;
  const inverse2 = inverse * inverse;
  let series = 0;
  for (let k = STIRLING.length - 1; k >= 0; k--) series = series * inverse2 + STIRLING[k]!;
  return (z - 0.5) * Math.log(z) - z + LN_SQRT_2PI + series * inverse - shift;
}

/** log B(a, b). */
const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** Continued fraction of the incomplete beta function (modified Lentz), for x < (a+1)/(a+b+2). */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) return h;
  }
  return h;
}

/**
 * The regularized incomplete beta function I_x(a, b) (R's `pbeta(x, a, b)`), or its upper tail
 * 1 − I_x(a, b) computed without cancellation.
 */
export function incompleteBeta(x: number, a: number, b: number, upper = false): number {
  if ([x, a, b].some(Number.isNaN) || a <= 0 || b <= 0) return NaN;
  if (x <= 0) return upper ? 1 : 0;
  if (x >= 1) return upper ? 0 : 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b));
  if (x < (a + 1) / (a + b + 2)) {
    const lower = (front * betaFraction(x, a, b)) / a;
    return upper ? 1 - lower : lower;
  }
  const other = (front * betaFraction(1 - x, b, a)) / b;
  return upper ? other : 1 - other;
}

/** R's `pt(t, df, lower.tail)`. */
export function studentTCdf(t: number, df: number, lowerTail = true): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  // P(|T| > |t|) = I_{df/(df+t²)}(df/2, 1/2); for small t use the other tail to avoid 1 − ~1.
  const t2 = t * t;
  const tail =
    t2 < df
      ? 0.5 * incompleteBeta(t2 / (df + t2), 0.5, df / 2, true)
      : 0.5 * incompleteBeta(df / (df + t2), df / 2, 0.5);
  // `tail` is the probability beyond |t| on one side.
  return t > 0 === lowerTail ? 1 - tail : tail;
}

/** R's `pf(f, df1, df2, lower.tail = FALSE)`: the upper tail of the F distribution. */
export function fUpperTail(f: number, df1: number, df2: number): number {
  if (Number.isNaN(f) || !(df1 > 0) || !(df2 > 0)) return NaN;
  if (f <= 0) return 1;
  if (!Number.isFinite(f)) return 0;
  const product = df1 * f;
  return product > df2
    ? incompleteBeta(df2 / (df2 + product), df2 / 2, df1 / 2)
    : incompleteBeta(product / (df2 + product), df1 / 2, df2 / 2, true);
}

/** R's `qt(p, df)` for 0.5 ≤ p < 1, by bisection on `studentTCdf` to the last bits. */
export function studentTQuantile(p: number, df: number): number {
  if (!(p >= 0.5 && p < 1) || !(df > 0)) return NaN;
  let low = 0;
  let high = 1;
  while (studentTCdf(high, df, false) > 1 - p) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-15 * high; i++) {
    const middle = (low + high) / 2;
    if (studentTCdf(middle, df, false) > 1 - p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** The regularized upper incomplete gamma Q(a, x) by its continued fraction (x > a + 1). */
function upperGammaFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i <= 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** The regularized lower incomplete gamma P(a, x) by its series (x ≤ a + 1). */
function lowerGammaSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n <= 10_000; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * 1e-17) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** R's `pnorm(z, lower.tail)`: through erfc(|z|/√2) = Q(1/2, z²/2). */
export function normalCdf(z: number, lowerTail = true): number {
  if (Number.isNaN(z)) return NaN;
  const x = (z * z) / 2;
  const outer = x > 1.5 ? 0.5 * upperGammaFraction(0.5, x) : 0.5 * (1 - lowerGammaSeries(0.5, x));
  // `outer` is the probability beyond |z| on one side.
  return z > 0 === lowerTail ? 1 - outer : outer;
}
