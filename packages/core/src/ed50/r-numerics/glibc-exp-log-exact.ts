import { fma } from './exact-fma';
import { EXP_SCALE, EXP_TAIL, LOG_INVC, LOG_LOGC } from './glibc-exp-log-tables';

/**
 * Literal ports of glibc's exp() and log() (glibc >= 2.28, Arm optimized-routines algorithms) as
 * built for x86-64 CPUs with FMA, which is what R uses on Linux. See glibc-exp-log.ts for why;
 * that module calls these only when its faster evaluation cannot certify the last bit.
 *
 * Every `a * b + c` that GCC contracts into an FMA in the C source is written as fma(a, b, c);
 * products that are exact by construction (kd · Ln2hi, r · 2^27, ...) stay plain. GCC fuses a
 * product only when all its uses are additions in the same basic block, which is why two
 * products in `specialcase` and none in `r2`/`r3` are fused.
 */

export const EXP_INV_LN2_N = 184.6649652337873; // 0x1.71547652b82fep0 * 128
export const EXP_NEG_LN2_HI_N = -0.005415212348111709; // -0x1.62e42fefa0000p-8
export const EXP_NEG_LN2_LO_N = -1.2864023111638346e-14; // -0x1.cf79abc9e3b3ap-47
export const EXP_SHIFT = 6755399441055744; // 0x1.8p52
export const C2 = 0.49999999999996786; // 0x1.ffffffffffdbdp-2
export const C3 = 0.16666666666665886; // 0x1.555555555543cp-3
export const C4 = 0.0416666808410674; // 0x1.55555cf172b91p-5
export const C5 = 0.008333335853059549; // 0x1.1111167a4d017p-7

export const LN2_HI = 0.6931471805598903; // 0x1.62e42fefa3800p-1
export const LN2_LO = 5.497923018708371e-14; // 0x1.ef35793c76730p-45
// __log_data.poly, N = 128, LOG_POLY_ORDER = 6.
export const A0 = -0.5000000000000001;
export const A1 = 0.33333333331825593;
export const A2 = -0.2499999999622955;
export const A3 = 0.20000304511814496;
export const A4 = -0.16667054827627667;
// __log_data.poly1, LOG_POLY1_ORDER = 12.
export const B0 = -0.5;
export const B1 = 0.3333333333333352;
export const B2 = -0.24999999999998432;
export const B3 = 0.19999999999320328;
export const B4 = -0.16666666669929706;
export const B5 = 0.14285715076560868;
export const B6 = -0.12499997863982555;
export const B7 = 0.11110712032936046;
export const B8 = -0.10000486757818193;
export const B9 = 0.09181994006195467;
export const B10 = -0.08328363062289341;

export const TWO_POW_M54 = 5.551115123125783e-17; // 2^-54
const TWO_POW_1009 = 5.486124068793689e303; // 2^1009
export const TWO_POW_M1022 = 2.2250738585072014e-308; // 2^-1022
const TWO_POW_52 = 4503599627370496.0; // 2^52
export const TWO_POW_27 = 134217728.0; // 2^27

/** 2^m for every m a double can hold, built by exact doubling. */
export const POW2 = (() => {
  const table = new Float64Array(1074 + 1024);
  let value = Number.MIN_VALUE; // 2^-1074
  for (let i = 0; i < table.length; i++) {
    table[i] = value;
    value *= 2;
  }
  return table;
})();
export function pow2(m: number): number {
  return POW2[m + 1074]!;
}

/** glibc `__exp` (sysdeps/ieee754/dbl-64/e_exp.c, FMA build). */
export function glibcExpExact(x: number): number {
  const ax = Math.abs(x);
  let special = false;
  if (!(ax >= TWO_POW_M54 && ax < 512)) {
    if (ax < TWO_POW_M54) return 1.0 + x; // tiny: avoid spurious underflow
    if (!(ax < 1024)) {
      if (x === -Infinity) return 0;
      if (!Number.isFinite(x)) return 1.0 + x; // +Inf or NaN
      return x < 0 ? 0 : Infinity; // __math_uflow / __math_oflow
    }
    special = true; // 512 <= |x| < 1024
  }
  // exp(x) = 2^(k/N) · exp(r), x = ln2/N · k + r. GCC fuses InvLn2N * x + Shift.
  const kd = fma(EXP_INV_LN2_N, x, EXP_SHIFT) - EXP_SHIFT;
  const r = fma(kd, EXP_NEG_LN2_LO_N, x + kd * EXP_NEG_LN2_HI_N);
  const k = kd | 0;
  const j = k & 127;
  const m = k >> 7;
  const tail = EXP_TAIL[j]!;
  const r2 = r * r;
  const tmp = fma(r2 * r2, fma(r, C5, C4), fma(r2, fma(r, C3, C2), tail + r));
  if (special) return expSpecialCase(tmp, j, m, k);
  const scale = EXP_SCALE[j]! * pow2(m);
  return fma(scale, tmp, scale);
}

/** e_exp.c `specialcase`: results that may overflow or reach the subnormal range. */
export function expSpecialCase(tmp: number, j: number, m: number, k: number): number {
  if (k >= 0) {
    const scale = EXP_SCALE[j]! * pow2(m - 1009);
    return TWO_POW_1009 * fma(scale, tmp, scale);
  }
  const scale = EXP_SCALE[j]! * pow2(m + 1022);
  // Not fused here: `scale * tmp` is shared with the branch below, and GCC only fuses a
  // product whose every use is an addition in the same basic block.
  let y = scale + scale * tmp;
  if (y < 1.0) {
    // Round to the final precision before scaling into the subnormal range.
    let lo = scale - y + scale * tmp;
    const hi = 1.0 + y;
    lo = 1.0 - hi + y + lo;
    y = hi + lo - 1.0;
    if (y === 0) y = 0;
  }
  return TWO_POW_M1022 * y;
}

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const HIGH = new Uint8Array(Float64Array.of(1).buffer)[0] === 0 ? 1 : 0;

/** glibc `__log` (sysdeps/ieee754/dbl-64/e_log.c, FMA build). */
export function glibcLogExact(x: number): number {
  if (x >= 0.9375 && x < 1.064697265625) return logNearOne(x);
  if (!(x >= TWO_POW_M1022 && x < Infinity)) {
    if (x === 0) return -Infinity;
    if (x === Infinity) return x;
    if (!(x > 0)) return NaN; // negative or NaN
    return logReduced(x * TWO_POW_52, -52); // subnormal: normalise first
  }
  return logReduced(x, 0);
}

/** Main path: x = 2^k z, log(x) = k ln2 + log(c) + log1p(z/c - 1). */
function logReduced(x: number, extraExponent: number): number {
  bits[0] = x;
  // tmp = ix - OFF (OFF = 0x3fe6000000000000): only the high word is affected.
  const tmpHigh = (words[HIGH]! - 0x3fe60000) | 0;
  const i = (tmpHigh >>> 13) & 127;
  const k = tmpHigh >> 20;
  const z = x * pow2(-k); // exact: z = asdouble(ix - (k << 52))
  const invc = LOG_INVC[i]!;
  const logc = LOG_LOGC[i]!;
  const r = fma(z, invc, -1.0);
  const kd = k + extraExponent;
  // kd * LN2_HI is exact (LN2_HI has 11 trailing zero bits).
  const w = kd * LN2_HI + logc;
  const hi = w + r;
  const lo = fma(kd, LN2_LO, w - hi + r);
  const r2 = r * r;
  const p = fma(r2, fma(r, A4, A3), fma(r, A2, A1));
  return fma(r * r2, p, fma(r2, A0, lo)) + hi;
}

/** Inputs within [1 - 2^-4, 1 + 0x1.09p-4): polynomial in r = x - 1, worst error ~0.507 ulp. */
function logNearOne(x: number): number {
  if (x === 1.0) return 0;
  const r = x - 1.0;
  const r2 = r * r;
  const r3 = r * r2;
  const inner = fma(r3, B10, fma(r2, B9, fma(r, B8, B7)));
  const middle = fma(r3, inner, fma(r2, B6, fma(r, B5, B4)));
  const outer = fma(r3, middle, fma(r2, B3, fma(r, B2, B1)));
  const w = r * TWO_POW_27;
  const rhi = r + w - w;
  const rlo = r - rhi;
  const w2 = rhi * rhi * B0; // exact: B0 = -0.5 and rhi has 26 bits
  const hi = r + w2;
  let lo = r - hi + w2;
  lo = fma(B0 * rlo, rhi + r, lo);
  // C: `y = r3 * (...); ... y += lo;` GCC fuses the product into the addition.
  return fma(r3, outer, lo) + hi;
}
