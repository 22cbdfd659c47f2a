/**
 * Correctly rounded fused multiply-add, fma(a, b, c) = RN(a·b + c), for engines without one.
 *
 * Needed because the glibc exp/log that R uses on x86-64 are the FMA builds (see
 * glibc-exp-log.ts). Algorithm: Boldo & Melquiond, "Emulation of FMA and correctly rounded sums:
 * proved algorithms using rounding to odd" (IEEE TC 2008): with p + e = a·b exactly and
 * s + t = p + c exactly, the result is RN(s + RO(t + e)). A cheap test skips the exact product
 * when the product's rounding error e cannot change RN(s + t + e), which is the usual case.
 */

const SPLITTER = 134217729; // 2^27 + 1, Veltkamp split
const TWO_POW_M51 = 4.440892098500626e-16;
/** Below this the bound could underflow; such tiny products take the exact path. */
const SMALLEST_SAFE_BOUND = 1e-280;

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
/** Index of the low 32-bit word of a double in `words` (the platform's byte order). */
const LOW = new Uint8Array(Float64Array.of(1).buffer)[0] === 0 ? 0 : 1;

export function fma(a: number, b: number, c: number): number {
  const p = a * b;
  const s = p + c;
  // TwoSum: s + t = p + c exactly.
  const pv = s - c;
  const t = p - pv + (c - (s - pv));
  // The product's rounding error e satisfies |e| <= |p| 2^-53. If s + t ± 4|e|max both round to
  // s, so does s + t + e. The margin also makes this test fail at the ties s + t = midpoint,
  // except where |p| is too small to create one (kept small so V8 inlines this function).
  const bound = (p < 0 ? -p : p) * TWO_POW_M51;
  if (s + (t + bound) === s && s + (t - bound) === s && bound > SMALLEST_SAFE_BOUND) return s;
  return fmaSlow(a, b, c, p, s, t);
}

/** The exact path: RN(s + RO(t + e)) (Boldo & Melquiond), for the rare uncertain cases. */
function fmaSlow(a: number, b: number, c: number, p: number, s: number, t: number): number {
  if (p === 0 || !Number.isFinite(s)) return a * b + c;
  return s + roundToOdd(t, productError(a, b, p));
}

/** e = a·b - RN(a·b), exactly (Dekker's product with Veltkamp splitting). */
function productError(a: number, b: number, p: number): number {
  const ca = SPLITTER * a;
  const aHigh = ca - (ca - a);
  const aLow = a - aHigh;
  const cb = SPLITTER * b;
  const bHigh = cb - (cb - b);
  const bLow = b - bHigh;
  return aHigh * bHigh - p + aHigh * bLow + aLow * bHigh + aLow * bLow;
}

/** RO(x + y): the sum rounded to odd (truncate, then force the last mantissa bit to 1 if inexact). */
function roundToOdd(x: number, y: number): number {
  const v = x + y;
  const yv = v - x;
  const w = x - (v - yv) + (y - yv);
  if (w === 0) return v;
  bits[0] = v;
  if ((words[LOW]! & 1) === 1) return v;
  // v is even, so the odd neighbour on the side of the exact sum is the round-to-odd result.
  const awayFromZero = w > 0 === v > 0;
  const low = words[LOW]!;
  if (awayFromZero) {
    words[LOW] = low + 1;
    if (low === 0xffffffff) words[1 - LOW] = words[1 - LOW]! + 1;
  } else {
    words[LOW] = low - 1;
    if (low === 0) words[1 - LOW] = words[1 - LOW]! - 1;
  }
  return bits[0];
}
