/**
 * A list of 32-bit integers as the bytes of its JSON array (what JSON.stringify writes), digit by
 * digit into one buffer: a million ids take tens of milliseconds instead of hundreds through
 * strings (and none of a response schema's validation, which the caller skips by sending bytes).
 */
export function jsonIntArray(values: ArrayLike<number>): Buffer {
  // '-2147483648,' is the longest item: 12 bytes.
  const out = Buffer.allocUnsafe(2 + values.length * 12);
  let at = 0;
  out[at++] = 0x5b; // [
  for (let i = 0; i < values.length; i++) {
    let value = values[i]!;
    if (!Number.isInteger(value) || value < -(2 ** 31) || value >= 2 ** 31) {
      throw new Error(`jsonIntArray: not a 32-bit integer: ${value}`);
    }
    if (i > 0) out[at++] = 0x2c; // ,
    if (value < 0) {
      out[at++] = 0x2d; // -
      value = -value;
    }
    const first = at;
    do {
      const rest = Math.floor(value / 10);
      out[at++] = 0x30 + value - rest * 10;
      value = rest;
    } while (value > 0);
    for (let a = first, b = at - 1; a < b; a++, b--) {
      const digit = out[a]!;
      out[a] = out[b]!;
      out[b] = digit;
    }
  }
  out[at++] = 0x5d; // ]
  return out.subarray(0, at);
}
