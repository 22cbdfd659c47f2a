import { fma } from './exact-fma';
import {
  C2,
  C3,
  C4,
  C5,
  EXP_INV_LN2_N,
  EXP_NEG_LN2_HI_N,
  EXP_NEG_LN2_LO_N,
  EXP_SHIFT,
  expSpecialCase,
  LN2_HI,
  LN2_LO,
  pow2,
  TWO_POW_M54,
} from './glibc-exp-log-exact';
import { EXP_SCALE, EXP_TAIL } from './glibc-exp-log-tables';
import { POW_LOG_INVC, POW_LOG_LOGC, POW_LOG_LOGCTAIL } from './glibc-pow-log-table';

/**
 * glibc's pow(x, y) (glibc >= 2.28, Arm optimized-routines' algorithm) as built for x86-64 CPUs
 * with FMA, which is what R's `^` calls on Linux: log(x) to about 68 bits as a double and a tail,
 * times y, then exp of that sum. glibc's result is not always the correctly rounded power (its
 * bound is 0.52 ulp), and drc's LL.5 fits follow R's BFGS on surfaces flat enough for that last
 * bit to change the path (decision 0030), so this reproduces glibc's operations one by one.
 *
 * As in glibc-exp-log-exact.ts, every `a * b + c` that GCC contracts into an FMA is fma(a, b, c):
 * GCC fuses a product when its every use is an addition; a product also used in a
 * multiplication (ar2, ar3, ehi) stays rounded. Verified against glibc 2.36's own pow on this
 * kind of machine (glibc-pow.test.ts).
 *
 * Covers positive normal x and 2^-65 <= |y| < 2^63, every power the calculator raises (bases
 * 1 + exp(u) >= 1, finite exponents); other arguments (zero, negative, subnormal or non-finite
 * x, tiny or huge y) go to `specialPow`.
 */
export function glibcPow(x: number, y: number): number {
  const ay = Math.abs(y);
  if (!(x >= TWO_POW_M1022 && x < Infinity) || !(ay >= TWO_POW_M65 && ay < TWO_POW_63)) {
    return specialPow(x, y);
  }
  const { hi, lo } = logInline(x);
  const ehi = y * hi;
  const elo = fma(y, lo, fma(y, hi, -ehi));
  return expInline(ehi, elo);
}

const TWO_POW_M1022 = 2.2250738585072014e-308;
const TWO_POW_M65 = 2.710505431213761e-20;
const TWO_POW_63 = 9223372036854775808;

/** C99 Annex F's pow for the arguments glibcPow leaves out; V8's `**` follows it there. */
function specialPow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1; // even for NaN, as C's pow (V8 gives NaN for 1 ** NaN)
  return x ** y;
}

// __pow_log_data.poly (POW_LOG_POLY_ORDER = 8), scaled as glibc stores them.
const A0 = -0.5;
const A1 = -0.6666666666666679; // 0x1.555555555556p-2 * -2
const A2 = 0.5000000000000007; // -0x1.0000000000006p-2 * -2
const A3 = 0.7999999995323976; // 0x1.999999959554ep-3 * 4
const A4 = -0.6666666663487739; // -0x1.555555529a47ap-3 * 4
const A5 = -1.142909628459501; // 0x1.2495b9b4845e9p-3 * -8
const A6 = 1.0000415263675542; // -0x1.0002b8b263fc3p-3 * -8

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const HIGH = new Uint8Array(Float64Array.of(1).buffer)[0] === 0 ? 1 : 0;
const logResult = { hi: 0, lo: 0 };

/** e_pow.c `log_inline`: log(x) = hi + lo, hi rounded, lo about 15 bits more. */
function logInline(x: number): { hi: number; lo: number } {
  bits[0] = x;
  // tmp = ix - OFF (OFF = 0x3fe6955500000000): only the high word is affected.
  const tmpHigh = (words[HIGH]! - 0x3fe69555) | 0;
  const i = (tmpHigh >>> 13) & 127;
  const k = tmpHigh >> 20;
  const z = x * pow2(-k); // exact: asdouble(ix - (k << 52))
  const invc = POW_LOG_INVC[i]!;
  const logc = POW_LOG_LOGC[i]!;
  const logctail = POW_LOG_LOGCTAIL[i]!;
  const r = fma(z, invc, -1.0);
  // k * LN2_HI is exact (LN2_HI has 11 trailing zero bits), so fused or not is the same.
  const t1 = k * LN2_HI + logc;
  const t2 = t1 + r;
  const lo1 = fma(k, LN2_LO, logctail);
  const lo2 = t1 - t2 + r;
  const ar = A0 * r;
  const ar2 = r * ar;
  const ar3 = r * ar2;
  const hi = t2 + ar2;
  const lo3 = fma(ar, r, -ar2);
  const lo4 = t2 - hi + ar2;
  const inner = fma(ar2, fma(r, A6, A5), fma(r, A4, A3));
  const outer = fma(ar2, inner, fma(r, A2, A1));
  const lo = fma(ar3, outer, lo1 + lo2 + lo3 + lo4);
  const result = hi + lo;
  logResult.hi = result;
  logResult.lo = hi - result + lo;
  return logResult;
}

/** e_pow.c `exp_inline` for a positive result: exp(x + xtail), |xtail| tiny. */
function expInline(x: number, xtail: number): number {
  const ax = Math.abs(x);
  let special = false;
  if (!(ax >= TWO_POW_M54 && ax < 512)) {
    if (ax < TWO_POW_M54) return 1.0 + x; // WANT_ROUNDING: avoids a spurious underflow
    if (!(ax < 1024)) return x < 0 ? 0 : Infinity; // __math_uflow / __math_oflow
    special = true; // 512 <= |x| < 1024
  }
  const kd = fma(EXP_INV_LN2_N, x, EXP_SHIFT) - EXP_SHIFT;
  const r = fma(kd, EXP_NEG_LN2_LO_N, x + kd * EXP_NEG_LN2_HI_N) + xtail;
  const k = kd | 0;
  const j = k & 127;
  const m = k >> 7;
  const r2 = r * r;
  const tmp = fma(r2 * r2, fma(r, C5, C4), fma(r2, fma(r, C3, C2), EXP_TAIL[j]! + r));
  if (special) return expSpecialCase(tmp, j, m, k);
  const scale = EXP_SCALE[j]! * pow2(m);
  return fma(scale, tmp, scale);
}
