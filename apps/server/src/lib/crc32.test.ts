import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Combine } from './crc32';

/** zlib's own CRC-32 of `data`: the first four bytes of its gzip trailer. */
const zlibCrc = (data: Buffer) => {
  const gz = gzipSync(data);
  return gz.readUInt32LE(gz.length - 8);
};

describe('crc32', () => {
  it('equals zlib on the check value, the empty input and random lengths around the 8-byte steps', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    for (const length of [1, 7, 8, 9, 15, 16, 17, 1000, 65_537]) {
      const data = randomBytes(length);
      expect(crc32(data)).toBe(zlibCrc(data));
    }
  });

  it('continues from the CRC of the bytes before', () => {
    const data = randomBytes(10_001);
    expect(crc32(data.subarray(3333), crc32(data.subarray(0, 3333)))).toBe(zlibCrc(data));
  });
});

describe('crc32Combine', () => {
  it('gives the CRC of the concatenation, empty pieces and large lengths included', () => {
    for (const [a, b] of [
      [0, 0],
      [5, 0],
      [0, 5],
      [1, 1],
      [100, 3],
      [17, 70_000],
      [300_000, 1_234_567],
    ] as const) {
      const x = randomBytes(a);
      const y = randomBytes(b);
      expect(crc32Combine(crc32(x), crc32(y), y.length)).toBe(zlibCrc(Buffer.concat([x, y])));
    }
  });

  it('folds many pieces in order', () => {
    const pieces = Array.from({ length: 50 }, (_, i) => randomBytes((i * 7919) % 3000));
    const combined = pieces.reduce((crc, p) => crc32Combine(crc, crc32(p), p.length), 0);
    expect(combined).toBe(zlibCrc(Buffer.concat(pieces)));
  });
});
