/**
 * R's `sum()` of doubles, bit for bit: an x87 80-bit long double accumulator (64-bit mantissa,
 * round to nearest even), added to in order and rounded to double at the end (R's `rsum`,
 * ed50-algorithm §5.5).
 *
 * Used in two steps, because the exact emulation costs ~15 flops per term:
 * 1. `certifiedSum` takes a compensated (Neumaier) sum, which is within ~n² 2^-106 of the exact
 *    sum, and returns it rounded to double when that is provably what R's long-double sum rounds
 *    to (the long-double error is at most n · 2^-64 · sum for non-negative terms);
 * 2. otherwise (about n/1000 of the calls) the caller replays the terms in R's order with
 *    `longDoubleSumOfNonNegative` (or the general `LongDoubleAccumulator`).
 */

/** Returned by `certifiedSum` when R's result cannot be certified from the compensated sum. */
export const UNCERTAIN = -1;

const TWO_POW_M64 = 5.421010862427522e-20;
/** With n², covers the compensated sum's own distance from the exact sum (~n² 2^-106). */
const TWO_POW_M104 = 4.930380657631324e-32;

/**
 * The double R's long-double `sum()` of `rowCount` non-negative terms gives, from their
 * compensated sum `sum + compensation`; or UNCERTAIN.
 */
export function certifiedSum(sum: number, compensation: number, rowCount: number): number {
  const result = sum + compensation;
  if (!Number.isFinite(result)) return result; // NaN or Inf propagate the same way in R
  const rv = result - compensation;
  const error = sum - rv + (compensation - (result - rv));
  // Each long-double addition errs by at most half an ulp of its partial sum, 2^-64 · sum.
  const margin = (rowCount * TWO_POW_M64 + rowCount * rowCount * TWO_POW_M104) * result;
  const twoError = error + error;
  if (error !== 0 && result + twoError - result === twoError) return UNCERTAIN; // a tie
  return result + (error + margin) === result && result + (error - margin) === result
    ? result
    : UNCERTAIN;
}

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const HIGH = new Uint8Array(Float64Array.of(1).buffer)[0] === 0 ? 1 : 0;

/** Unbiased binary exponent of a finite non-zero double (floor(log2 |x|)), subnormals included. */
function exponentOf(x: number): number {
  bits[0] = x;
  const biased = (words[HIGH]! >>> 20) & 0x7ff;
  if (biased !== 0) return biased - 1023;
  return exponentOf(x * 2 ** 64) - 64;
}

/**
 * Exact emulation of `LDOUBLE s = 0; for (...) s += x[i]; return (double) s;`.
 * The long double value is kept exactly as high + low (two doubles).
 */
export class LongDoubleAccumulator {
  private high = 0;
  private low = 0;

  reset(): void {
    this.high = 0;
    this.low = 0;
  }

  add(x: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(this.high)) {
      this.high += x;
      this.low = 0;
      return;
    }
    // Exact sum high + low + x = s1 + v + v2 (two TwoSums).
    const s1 = this.high + x;
    const xv = s1 - x;
    const e1 = this.high - xv + (x - (s1 - xv));
    const v = e1 + this.low;
    const vv = v - this.low;
    const v2 = e1 - (v - vv) + (this.low - vv);
    const approx = s1 + v;
    if (approx === 0 && v2 === 0) {
      this.high = s1 + v;
      this.low = 0;
      return;
    }
    let exponent = exponentOf(approx !== 0 ? approx : v2);
    // The double approximation can sit in the binade above the exact value (rounded up to a
    // power of two); the exact value decides the 64-bit grid.
    if (approx !== 0 && isPowerOfTwo(approx)) {
      const below = s1 - approx + v;
      if (below < 0 || (below === 0 && v2 < 0)) exponent -= 1;
    }
    const ulp = 2 ** (exponent - 63);
    const rounded = roundToMultiple(v, v2, ulp);
    const high = s1 + rounded;
    const hv = high - rounded;
    this.low = s1 - hv + (rounded - (high - hv));
    this.high = high;
  }

  /** The long double rounded to double, as R returns it. */
  value(): number {
    return this.high + this.low;
  }
}

function isPowerOfTwo(x: number): boolean {
  bits[0] = x;
  return (words[HIGH]! & 0xfffff) === 0 && words[1 - HIGH] === 0;
}

/**
 * v + v2 (|v2| <= ulp(v)/2) rounded to a multiple of `ulp`, ties to even. The high part of the
 * sum is a multiple of 2^11 · ulp, so the parity of the quotient alone decides ties.
 */
function roundToMultiple(v: number, v2: number, ulp: number): number {
  const a = v / ulp; // exact: power-of-two scaling
  const floor = Math.floor(a);
  const fraction = a - floor;
  let n: number;
  if (fraction > 0.5) n = floor + 1;
  else if (fraction < 0.5) n = floor;
  else if (v2 > 0) n = floor + 1;
  else if (v2 < 0) n = floor;
  else n = floor % 2 === 0 ? floor : floor + 1;
  return n * ulp;
}

/**
 * R's long-double sum of non-negative terms `terms[order[i]]` (i ascending), except that the
 * positions `replaceFrom .. replaceEnd - 1` are read from `replacement` instead. Specialised for
 * speed: the partial sums never decrease, so the 64-bit grid only moves up a binade at a time,
 * and rounding to it is a single add-and-subtract of a magic constant.
 */
export function longDoubleSumOfNonNegative(
  terms: Float64Array,
  order: Int32Array,
  replacement: Float64Array,
  replaceFrom: number,
  replaceEnd: number,
): number {
  let high = 0;
  let low = 0;
  let i = 0;
  // Leading zeros and the first non-zero term are exact.
  for (; i < order.length; i++) {
    const r = order[i]!;
    high = r >= replaceFrom && r < replaceEnd ? replacement[r - replaceFrom]! : terms[r]!;
    if (high !== 0) break;
  }
  i++;
  if (!(high > 0) || !Number.isFinite(high)) {
    return sumPlainly(terms, order, replacement, replaceFrom, replaceEnd);
  }
  let binadeTop = 2 ** (exponentOf(high) + 1); // the partial sum is below this power of two
  let ulp = binadeTop * TWO_POW_M64; // 64-bit grid step: 2^(E - 63)
  let magic = 1.5 * 2 ** 52 * ulp;
  for (; i < order.length; i++) {
    const r = order[i]!;
    const x = r >= replaceFrom && r < replaceEnd ? replacement[r - replaceFrom]! : terms[r]!;
    if (!(x >= 0) || !Number.isFinite(x)) {
      return sumPlainly(terms, order, replacement, replaceFrom, replaceEnd);
    }
    const s1 = high + x;
    const xv = s1 - x;
    const e1 = high - xv + (x - (s1 - xv));
    const v = e1 + low;
    // Move the grid up while the exact sum s1 + v (+ v's tiny rounding error) reaches binadeTop.
    while (v > binadeTop - s1 || (v === binadeTop - s1 && additionError(e1, low, v) >= 0)) {
      binadeTop *= 2;
      ulp *= 2;
      magic *= 2;
    }
    let q = v + magic - magic; // v rounded to the grid, ties to even
    const offGrid = v - q;
    if (offGrid === 0.5 * ulp || offGrid === -0.5 * ulp) {
      // v sits exactly halfway only up to its own rounding error: that error breaks the tie.
      const v2 = additionError(e1, low, v);
      if (v2 !== 0 && v2 > 0 === offGrid > 0) q += 2 * offGrid;
    }
    high = s1;
    low = q;
  }
  return high + low;
}

/** The exact rounding error of a + b = s (TwoSum). */
function additionError(a: number, b: number, s: number): number {
  const bv = s - a;
  return a - (s - bv) + (b - bv);
}

function sumPlainly(
  terms: Float64Array,
  order: Int32Array,
  replacement: Float64Array,
  replaceFrom: number,
  replaceEnd: number,
): number {
  const accumulator = new LongDoubleAccumulator();
  for (let i = 0; i < order.length; i++) {
    const r = order[i]!;
    accumulator.add(r >= replaceFrom && r < replaceEnd ? replacement[r - replaceFrom]! : terms[r]!);
  }
  return accumulator.value();
}
