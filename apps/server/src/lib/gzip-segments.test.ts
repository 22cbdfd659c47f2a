import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { assembleGzip, deflateSegment, deflateSegmentSync } from './gzip-segments';

/** A second, independent reader: the WHATWG DecompressionStream (as in browsers). */
async function decompressStream(gz: Buffer): Promise<Buffer> {
  const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('assembleGzip', () => {
  it('joins separately deflated pieces into one gzip member that both readers decompress', async () => {
    const text = (n: number) =>
      Buffer.from(
        Array.from({ length: n }, (_, i) => `{"id":${i},"name":"colony ${i % 97}"}`).join(','),
      );
    const pieces = [
      Buffer.from('['),
      text(2000),
      Buffer.from(','),
      randomBytes(70_000), // incompressible: stored blocks
      Buffer.alloc(0),
      text(1),
      Buffer.from(']'),
    ];
    const segments = await Promise.all(pieces.map((p) => deflateSegment(p)));
    const gz = assembleGzip(segments);
    const expected = Buffer.concat(pieces);
    expect(gunzipSync(gz).equals(expected)).toBe(true);
    expect((await decompressStream(gz)).equals(expected)).toBe(true);
  });

  it('makes a valid empty member and reuses constant segments', async () => {
    expect(gunzipSync(assembleGzip([])).length).toBe(0);
    const comma = deflateSegmentSync(Buffer.from(','));
    const gz = assembleGzip([comma, comma, comma]);
    expect(gunzipSync(gz).toString()).toBe(',,,');
    expect((await decompressStream(gz)).toString()).toBe(',,,');
  });

  it('is rejected by zlib when a segment is corrupted (the CRC is checked)', () => {
    const segment = deflateSegmentSync(Buffer.from('abcdef'));
    const gz = assembleGzip([{ ...segment, crc32: segment.crc32 ^ 1 }]);
    expect(() => gunzipSync(gz)).toThrow();
  });
});
