import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/**
 * The text of one JSON array holding the items of `batches`, in pieces (one per non-empty batch):
 * joined, they equal `JSON.stringify` of all the items. A list of millions of rows is longer
 * than one string can hold, so a long list is only ever built, sent or compressed piece by piece.
 */
export async function* jsonArrayPieces(
  batches: AsyncIterable<readonly unknown[]>,
): AsyncGenerator<Buffer> {
  yield Buffer.from('[');
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    // The batch's own array text without its brackets: its items joined by commas.
    const text = JSON.stringify(batch).slice(1, -1);
    yield Buffer.from(first ? text : `,${text}`);
    first = false;
  }
  yield Buffer.from(']');
}

/**
 * Rows read by keyset, `size` at a time, in id order: `read(afterId, size)` answers the rows after
 * `afterId` (all from the start when undefined); a short batch is the last.
 */
export async function* keysetBatches<Row extends { id: number }>(
  read: (afterId: number | undefined, size: number) => Promise<Row[]>,
  size: number,
  afterId?: number,
): AsyncGenerator<Row[]> {
  let after = afterId;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The pieces gzipped into one Buffer (the whole text is never held, only its compressed form). */
export async function gzipPieces(pieces: AsyncIterable<Buffer>): Promise<Buffer> {
  const gzip = createGzip();
  // Both awaited together: when a piece fails, both reject, and neither rejection goes unhandled.
  const [, compressed] = await Promise.all([pipeline(Readable.from(pieces), gzip), buffer(gzip)]);
  return compressed;
}
