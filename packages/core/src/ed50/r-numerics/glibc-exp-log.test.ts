import { describe, expect, it } from 'vitest';
import { fma } from './exact-fma';
import { glibcExp, glibcExpOfProducts, glibcLog, glibcLogOfRatios } from './glibc-exp-log';
import { glibcExpExact, glibcLogExact } from './glibc-exp-log-exact';
import { GLIBC_EXP_VECTORS, GLIBC_LOG_VECTORS } from '../../../test/r-numerics/test-vectors';

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

describe('glibc exp/log (what R computes on x86-64 Linux)', () => {
  it.each([
    ['exp', glibcExp, GLIBC_EXP_VECTORS],
    ['exp (exact port)', glibcExpExact, GLIBC_EXP_VECTORS],
    ['log', glibcLog, GLIBC_LOG_VECTORS],
    ['log (exact port)', glibcLogExact, GLIBC_LOG_VECTORS],
  ] as const)('%s matches glibc bit for bit', (_name, f, vectors) => {
    const wrong = vectors.filter(([x, y]) => !same(f(x), y));
    expect(wrong).toEqual([]);
  });

  it('differs from V8 Math.exp / Math.log on some of the same arguments (why the port exists)', () => {
    const expDiffers = GLIBC_EXP_VECTORS.some(([x, y]) => Math.exp(x) !== y);
    const logDiffers = GLIBC_LOG_VECTORS.some(([x, y]) => Math.log(x) !== y);
    expect(expDiffers || logDiffers).toBe(true);
  });

  it('fast paths agree with the exact ports on 200 000 pseudo-random arguments', () => {
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 4294967296;
    };
    const n = 100_000;
    const logs = Float64Array.from({ length: n }, () => 0.66 + random() * 0.75);
    const products = Float64Array.from({ length: n }, () => (random() - 0.5) * 60);
    const logOut = new Float64Array(n);
    const expOut = new Float64Array(n);
    const ones = new Float64Array(n).fill(1);
    glibcLogOfRatios(logs, ones, n, logOut);
    glibcExpOfProducts(ones, products, n, expOut);
    let mismatches = 0;
    for (let i = 0; i < n; i++) {
      if (logOut[i] !== glibcLogExact(logs[i]!)) mismatches++;
      if (expOut[i] !== glibcExpExact(products[i]!)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});

describe('fma emulation', () => {
  /** Exact product error by Dekker/Veltkamp, computed independently here. */
  const productError = (a: number, b: number) => {
    const split = (x: number) => {
      const c = 134217729 * x;
      const high = c - (c - x);
      return [high, x - high] as const;
    };
    const [ah, al] = split(a);
    const [bh, bl] = split(b);
    const p = a * b;
    return ah * bh - p + ah * bl + al * bh + al * bl;
  };

  it('fma(a, b, -a·b) is the exact rounding error of the product', () => {
    for (const [a, b] of [
      [0.1, 0.3],
      [1 / 3, 3],
      [1e10 + 1, 1e10 - 1],
      [Math.PI, Math.E],
    ] as const) {
      expect(fma(a, b, -(a * b))).toBe(productError(a, b));
    }
  });

  it('rounds a·b + c once (differs from a * b + c where double rounding bites)', () => {
    const a = 1 + 2 ** -30;
    const c = -(1 + 2 ** -29);
    // a² = 1 + 2^-29 + 2^-60 exactly: the fused result keeps 2^-60, the plain one loses it.
    expect(fma(a, a, c)).toBe(2 ** -60);
    expect(a * a + c).toBe(0);
  });
});
