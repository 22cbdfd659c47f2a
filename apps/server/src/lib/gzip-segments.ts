import { promisify } from 'node:util';
import { constants, deflateRaw, deflateRawSync } from 'node:zlib';
import { crc32, crc32Combine } from './crc32';

const deflateRawAsync = promisify(deflateRaw);

/**
 * A piece of a gzip member compressed on its own: raw deflate blocks ending in a sync flush (an
 * empty stored block, so the piece ends on a byte boundary and has no final block), with the
 * CRC-32 and length of the bytes it holds. Each piece starts with an empty history, so pieces
 * written at different times concatenate into one valid deflate stream (as pigz does); the
 * gzip around them is `assembleGzip`'s.
 */
export interface DeflatedSegment {
  deflated: Buffer;
  crc32: number;
  /** Uncompressed length in bytes. */
  length: number;
}

/** zlib's default level, the one `zlib.gzip` uses (the feed was gzipped with it before). */
const LEVEL = constants.Z_DEFAULT_COMPRESSION;

export async function deflateSegment(data: Buffer): Promise<DeflatedSegment> {
  const deflated = await deflateRawAsync(data, {
    level: LEVEL,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  return { deflated, crc32: crc32(data), length: data.length };
}

/** For tiny constant pieces (separators) built once at start. */
export function deflateSegmentSync(data: Buffer): DeflatedSegment {
  const deflated = deflateRawSync(data, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
  return { deflated, crc32: crc32(data), length: data.length };
}

/** ID1 ID2, CM = deflate, no flags, no time, no extra flags, OS = Unix (as Node's gzip). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final block with fixed codes: BFINAL 1, BTYPE 01, end-of-block code 0000000. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One gzip member (RFC 1952) holding the segments' bytes in order. */
export function assembleGzip(segments: readonly DeflatedSegment[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const s of segments) {
    crc = crc32Combine(crc, s.crc32, s.length);
    length += s.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...segments.map((s) => s.deflated), FINAL_BLOCK, trailer]);
}
