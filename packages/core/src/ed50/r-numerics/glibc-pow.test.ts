import { describe, expect, it } from 'vitest';
import { GLIBC_POW_VECTORS } from '../../../test/r-numerics/glibc-pow-vectors';
import { glibcPow } from './glibc-pow';
import { POW_LOG_INVC, POW_LOG_LOGC, POW_LOG_LOGCTAIL } from './glibc-pow-log-table';

describe("glibcPow: glibc's pow bit for bit", () => {
  it('equals glibc where glibc is not correctly rounded, and on every special path', () => {
    const misses = GLIBC_POW_VECTORS.filter(([x, y, z]) => !Object.is(glibcPow(x, y), z));
    expect(misses).toEqual([]);
    // The vectors are hard ones: V8's ** misses many of them.
    const v8Misses = GLIBC_POW_VECTORS.filter(([x, y, z]) => !Object.is(x ** y, z));
    expect(v8Misses.length).toBeGreaterThan(100);
  });

  it('recomputes the log table as glibc ships it (entries read off e_pow_log_data.c)', () => {
    // Index 0, the duplicated index 10/11, the centre 1.0 and the last entry.
    const entries: [number, string, string, string][] = [
      [0, '0x1.6a00000000000p+0', '-0x1.62c82f2b9c800p-2', '0x1.ab42428375680p-48'],
      [10, '0x1.5600000000000p+0', '-0x1.2895a13de8800p-2', '0x1.5ca14b6cfb03fp-46'],
      [11, '0x1.5600000000000p+0', '-0x1.2895a13de8800p-2', '0x1.5ca14b6cfb03fp-46'],
      [75, '0x1.0000000000000p+0', '0x0p+0', '0x0p+0'],
      [127, '0x1.6c00000000000p-1', '0x1.5d5bddf596000p-2', '-0x1.a0b2a08a465dcp-47'],
    ];
    for (const [i, invc, logc, logctail] of entries) {
      expect([POW_LOG_INVC[i], POW_LOG_LOGC[i], POW_LOG_LOGCTAIL[i]]).toEqual(
        [invc, logc, logctail].map(fromHex),
      );
    }
  });

  it("follows C's pow on arguments outside the table's range", () => {
    expect(glibcPow(0, 2.5)).toBe(0);
    expect(glibcPow(0, -1)).toBe(Infinity);
    expect(glibcPow(-8, 1 / 3)).toBeNaN();
    expect(glibcPow(2, 1e-30)).toBe(1);
    expect(glibcPow(Number.NaN, 0)).toBe(1);
    expect(glibcPow(Infinity, -0.5)).toBe(0);
  });
});

/** A C99 hexadecimal float literal ("0x1.8p-3") as a double. */
function fromHex(text: string): number {
  const match = /^(-?)0x([01])(?:\.([0-9a-f]*))?p([+-]?\d+)$/.exec(text)!;
  const [, sign, lead, fraction = '', exponent] = match;
  const mantissa = Number.parseInt(lead! + fraction, 16) / 16 ** fraction.length;
  return (sign ? -1 : 1) * mantissa * 2 ** Number(exponent);
}
