import * as exact from './glibc-exp-log-exact';
import * as tables from './glibc-exp-log-tables';

/**
 * exp() and log() with the exact results of R on x86-64 Linux (glibc >= 2.28, FMA build).
 *
 * Why: CBASSED50's numbers are where R's BFGS stops on an almost flat objective (algorithm doc
 * §6). V8's Math.exp / Math.log differ from glibc in the last bit for about 10 % / 5 % of
 * arguments, and on the reference data that alone moves fitted Hill slopes by up to 2e-3 and
 * changes the optimiser's path. With these functions every residual is bit-identical to R's.
 *
 * How, fast: glibc evaluates its polynomials with fused multiply-adds, which JavaScript lacks
 * (an exact emulation costs ~6 ns each). So the polynomial is evaluated with plain operations,
 * and a rigorous bound on the difference to the fused evaluation (a few ulps of the small
 * intermediate terms) is checked against the distance of the result to its rounding boundary.
 * Only when the last bit is not certain (a few % of arguments) is the exact port run
 * (glibc-exp-log-exact.ts). Both are verified against glibc on millions of arguments.
 */
export const { glibcExpOfProducts, glibcLogOfRatios } = createKernels();

/** glibc exp(x). */
export function glibcExp(x: number): number {
  scalarIn[0] = x;
  glibcExpOfProducts(ONE, scalarIn, 1, scalarOut);
  return scalarOut[0]!;
}

/** glibc log(x). */
export function glibcLog(x: number): number {
  scalarIn[0] = x;
  glibcLogOfRatios(scalarIn, ONE, 1, scalarOut);
  return scalarOut[0]!;
}

const ONE = Float64Array.of(1);
const scalarIn = new Float64Array(1);
const scalarOut = new Float64Array(1);

/**
 * The two kernels, built inside a function so that every constant, table and helper they use is
 * a variable of this closure. Why: V8 reads an ES module's top-level bindings more slowly from a
 * hot loop than a closure's (17 % on these kernels in Node 20; bundles for the browser and
 * CommonJS wrap modules in functions anyway), and the ED fit spends ~40 % of its time here.
 */
function createKernels() {
  const {
    A0,
    A1,
    A2,
    A3,
    A4,
    B0,
    B1,
    B10,
    B2,
    B3,
    B4,
    B5,
    B6,
    B7,
    B8,
    B9,
    C2,
    C3,
    C4,
    C5,
    EXP_INV_LN2_N,
    EXP_NEG_LN2_HI_N,
    EXP_NEG_LN2_LO_N,
    EXP_SHIFT,
    LN2_HI,
    LN2_LO,
    POW2,
    TWO_POW_27,
    TWO_POW_M1022,
    TWO_POW_M54,
    glibcExpExact,
    glibcLogExact,
  } = exact;
  const { EXP_SCALE, EXP_TAIL, LOG_INVC, LOG_LOGC } = tables;

  const TWO_POW_M49 = 1.7763568394002505e-15;
  const TWO_POW_M50 = 8.881784197001252e-16;
  const TWO_POW_M52 = 2.220446049250313e-16;
  const SPLITTER = 134217729; // 2^27 + 1
  /** |z - kd| below this cannot round differently with and without the fused product. */
  const SAFE_HALF = 0.5 - 2 ** -30;

  /** LOG_INVC split into 26-bit halves, so that z · invc - 1 can be formed exactly and cheaply. */
  const LOG_INVC_HIGH = LOG_INVC.map((v) => {
    const c = SPLITTER * v;
    return c - (c - v);
  });
  const LOG_INVC_LOW = LOG_INVC.map((v, i) => v - LOG_INVC_HIGH[i]!);

  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  const HIGH = new Uint8Array(Float64Array.of(1).buffer)[0] === 0 ? 1 : 0;

  /**
   * True when `s` is RN(s + t + δ) for every |δ| <= margin, i.e. the plainly evaluated sum s + t
   * (t its exact rounding error) rounds like the fused one. A tie (|t| = ulp(s)/2) is never
   * certain; a margin that moves t already makes the first test fail there.
   */
  function certain(s: number, t: number, margin: number): boolean {
    const up = t + margin;
    if (!(s + up === s && s + (t - margin) === s)) return false;
    if (up !== t) return true;
    const twoT = t + t;
    return t === 0 || s + twoT - s !== twoT;
  }

  /**
   * Indices whose last bit the fast path cannot certify are collected and handed to the exact port
   * after the loop: a call inside the hot loop would make V8 box doubles on every iteration.
   */
  let deferredBuffer = new Int32Array(64);
  function deferredIndices(n: number): Int32Array {
    if (deferredBuffer.length < n) deferredBuffer = new Int32Array(n);
    return deferredBuffer;
  }

  /**
   * out[i] = exp(factors[i] · input[i]) for from <= i < n, the product rounded first as in R's
   * `exp(b * log(x / e))`. Vectorised rather than scalar so that V8 keeps the doubles unboxed
   * (the body is too large to be inlined) and the call overhead is paid once per batch.
   */
  function glibcExpOfProducts(
    factors: Float64Array,
    input: Float64Array,
    n: number,
    out: Float64Array,
    from = 0,
  ): void {
    const deferred = deferredIndices(n);
    let count = 0;
    for (let i = from; i < n; i++) {
      const x = factors[i]! * input[i]!;
      const ax = Math.abs(x);
      // Large positive x take e_exp.c's `specialcase`, which for finite results rounds exactly
      // like the main path (only scaled by 2^1009), so the main path is used up to 709.
      if (!(ax >= TWO_POW_M54 && (ax < 512 || (x > 0 && x < 709)))) {
        // e_exp.c's early returns, answered here without a (boxing) call where they are trivial.
        if (x >= 710) out[i] = Infinity;
        else if (x < -746) out[i] = 0;
        else if (ax < TWO_POW_M54) out[i] = 1.0 + x;
        else if (x !== x) out[i] = x;
        else deferred[count++] = i;
        continue;
      }
      // exp(x) = 2^(k/N) · exp(r), x = ln2/N · k + r (e_exp.c).
      const z = EXP_INV_LN2_N * x;
      const kd = z + EXP_SHIFT - EXP_SHIFT;
      const d = z - kd;
      // r = fma(kd, NegLn2loN, t1): certain unless t1 + product is within the product's rounding
      // error of a rounding boundary (kd · NegLn2hiN is exact by construction).
      const t1 = x + kd * EXP_NEG_LN2_HI_N;
      const product = kd * EXP_NEG_LN2_LO_N;
      const r = t1 + product;
      const rv = r - product;
      const rError = t1 - rv + (product - (r - rv));
      if (
        !(d < SAFE_HALF && d > -SAFE_HALF) ||
        !certain(r, rError, Math.abs(product) * TWO_POW_M52)
      ) {
        deferred[count++] = i;
        continue;
      }
      const k = kd | 0;
      const j = k & 127;
      const tail = EXP_TAIL[j]!;
      const r2 = r * r;
      const tmp = r2 * r2 * (r * C5 + C4) + (tail + r + r2 * (r * C3 + C2));
      const scale = EXP_SCALE[j]! * POW2[(k >> 7) + 1074]!;
      const p = scale * tmp;
      const s = scale + p;
      const sv = s - p;
      const t = scale - sv + (p - (s - sv));
      // With r certain, fused and plain tmp differ by at most ulp(tmp) + ulp(tail + r + r2·A)
      // + r2 · 2^-52 < 2^-51 (|r| + |tail| + r2); the margin doubles that. Plus p's rounding.
      const ar = Math.abs(r);
      const at = Math.abs(tail);
      const ap = Math.abs(p);
      const margin = ap * TWO_POW_M52 + scale * ((ar + at + r2) * TWO_POW_M50);
      // Separate stores, not `certain ? s : exact(x)`: merging the double with a call result makes
      // V8 box the double on every iteration.
      if (certain(s, t, margin)) out[i] = s;
      else deferred[count++] = i;
    }
    for (let j = 0; j < count; j++) {
      const i = deferred[j]!;
      out[i] = glibcExpExact(factors[i]! * input[i]!);
    }
  }

  /** out[i] = log(numerators[i] / divisors[i]) for from <= i < n, as R's `log(x / e)`. */
  function glibcLogOfRatios(
    numerators: Float64Array,
    divisors: Float64Array,
    n: number,
    out: Float64Array,
    from = 0,
  ): void {
    const deferred = deferredIndices(n);
    let count = 0;
    for (let i = from; i < n; i++) {
      const x = numerators[i]! / divisors[i]!;
      if (x >= 0.9375 && x < 1.064697265625) {
        // e_log.c's branch for x near 1 (inlined: a call would box the double result).
        if (x === 1.0) {
          out[i] = 0;
          continue;
        }
        const r = x - 1.0;
        const r2 = r * r;
        const r3 = r * r2;
        const inner = r3 * B10 + (r2 * B9 + (r * B8 + B7));
        const middle = r3 * inner + (r2 * B6 + (r * B5 + B4));
        const outer = r3 * middle + (r2 * B3 + (r * B2 + B1));
        const w = r * TWO_POW_27;
        const rhi = r + w - w;
        const rlo = r - rhi;
        const w2 = rhi * rhi * B0;
        const hi = r + w2;
        const lo = r - hi + w2 + B0 * rlo * (rhi + r);
        const q = r3 * outer + lo;
        const y = q + hi;
        const yv = y - hi;
        const t = q - yv + (hi - (y - yv));
        const margin = TWO_POW_M50 * (Math.abs(r3) + Math.abs(q) + Math.abs(lo));
        if (certain(y, t, margin)) out[i] = y;
        else deferred[count++] = i;
        continue;
      }
      // e_log.c's special arguments: log(0) = -Inf, log(x < 0) = log(NaN) = NaN, log(Inf) = Inf;
      // only subnormal arguments need the exact port.
      if (!(x >= TWO_POW_M1022 && x < Infinity)) {
        if (x === 0) out[i] = -Infinity;
        else if (x === Infinity) out[i] = Infinity;
        else if (!(x > 0)) out[i] = NaN;
        else deferred[count++] = i;
        continue;
      }
      // x = 2^k z with z in [0x1.6p-1, 0x1.6p0) and table index i (e_log.c), read off the bits
      // (a branch on the range of x would be mispredicted as often as not).
      bits[0] = x;
      const tmpHigh = (words[HIGH]! - 0x3fe60000) | 0;
      const index = (tmpHigh >>> 13) & 127;
      const k = tmpHigh >> 20;
      const z = x * POW2[1074 - k]!;
      // r = fma(z, invc, -1) exactly: z · invc = p + e (Dekker), and p - 1 is exact (Sterbenz).
      const high = LOG_INVC_HIGH[index]!;
      const low = LOG_INVC_LOW[index]!;
      const p = z * LOG_INVC[index]!;
      const cz = SPLITTER * z;
      const zHigh = cz - (cz - z);
      const zLow = z - zHigh;
      const r = p - 1 + (zHigh * high - p + zHigh * low + zLow * high + zLow * low);
      // kd · Ln2hi is exact by construction; kd · Ln2lo is fused in glibc (bounded below).
      const w = k * LN2_HI + LOG_LOGC[index]!;
      const hi = w + r;
      const kLow = k * LN2_LO;
      const lo = w - hi + r + kLow;
      const r2 = r * r;
      const r3 = r * r2;
      const q = r3 * (r2 * (r * A4 + A3) + (r * A2 + A1)) + (r2 * A0 + lo);
      const y = q + hi;
      const yv = y - hi;
      const t = q - yv + (hi - (y - yv));
      // Fused vs plain q differ by < 2^-51 (|r3| + |q| + r2 + |lo| + |k Ln2lo|) (P to within
      // 2^-53, a few roundings) <= 2^-50 (r2 + |lo| + |k Ln2lo|), as |r| < 1/256 and
      // |q| < r2/2 + |lo| + |r3|; the margin doubles that.
      const margin = TWO_POW_M49 * (r2 + Math.abs(lo) + Math.abs(kLow));
      if (certain(y, t, margin)) out[i] = y;
      else deferred[count++] = i;
    }
    for (let j = 0; j < count; j++) {
      const i = deferred[j]!;
      out[i] = glibcLogExact(numerators[i]! / divisors[i]!);
    }
  }

  return { glibcExpOfProducts, glibcLogOfRatios };
}
