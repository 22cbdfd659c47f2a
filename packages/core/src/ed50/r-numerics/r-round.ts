/**
 * R's `round(x, digits)` as of R 4.0.0 (src/nmath/fround.c, ed50-algorithm §7): of the two
 * candidates floor(x·10^d)/10^d and ceil(x·10^d)/10^d, take the one nearer to x in double
 * arithmetic; on an exact tie take the one whose last digit is even. Negative x: -round(-x).
 *
 * `Math.round(x * 100) / 100` is wrong for values with 3 decimals: R gives 37.765 -> 37.76.
 */
const LOG10_2 = 0.3010299956639812; // M_LOG10_2
const DBL_DIG = 15;
const MAX_10_EXP = 308;

export function roundR(x: number, digits = 2): number {
  if (Number.isNaN(x) || Number.isNaN(digits)) return x + digits;
  if (!Number.isFinite(x) || x === 0 || digits > MAX_10_EXP + DBL_DIG) return x;
  if (digits === 0) return roundHalfEven(x);
  if (digits < -MAX_10_EXP) return 0;
  const dig = Math.floor(digits + 0.5);
  const sign = x < 0 ? -1 : 1;
  const ax = Math.abs(x);
  // log10(x) approximated from the binary exponent, exactly as fround.c does.
  if (LOG10_2 * (0.5 + binaryExponent(ax)) + dig > DBL_DIG) return x;
  const pow10 = powerOfTen(dig);
  const x10 = ax * pow10;
  const i10 = Math.floor(x10);
  const xd = i10 / pow10;
  const xu = Math.ceil(x10) / pow10;
  const du = xu - ax;
  const dd = ax - xd;
  return sign * (du < dd || (i10 % 2 === 1 && du === dd) ? xu : xd);
}

/** C `nearbyint` in the default rounding mode: halves go to the even neighbour. */
function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** C `logb`: the unbiased exponent floor(log2 |x|) of a finite non-zero double. */
function binaryExponent(ax: number): number {
  let exponent = Math.floor(Math.log2(ax));
  // Math.log2 may round up just below a power of two; correct with exact comparisons.
  if (2 ** exponent > ax) exponent -= 1;
  else if (2 ** (exponent + 1) <= ax) exponent += 1;
  return exponent;
}

/** R_pow_di(10., n): repeated squaring in double arithmetic, as R computes 10^n. */
function powerOfTen(n: number): number {
  let result = 1;
  let base = 10;
  let m = n < 0 ? -n : n;
  while (m > 0) {
    if (m & 1) result *= base;
    m >>= 1;
    if (m > 0) base *= base;
  }
  return n < 0 ? 1 / result : result;
}
