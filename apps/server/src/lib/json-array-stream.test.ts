import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPieces, jsonArrayPieces, keysetBatches } from './json-array-stream';

async function* from<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}
async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}
const joined = async (pieces: AsyncIterable<Buffer>) => Buffer.concat(await collect(pieces));

describe('jsonArrayPieces', () => {
  it('joins to JSON.stringify of every item, whatever the batches (empty ones included)', async () => {
    const items = [{ id: 1, name: 'a,"b"' }, { id: 2, name: null }, { id: 3, é: 'ü' }, [4]];
    const batches = [[], items.slice(0, 2), [], items.slice(2, 3), items.slice(3)];
    expect((await joined(jsonArrayPieces(from(batches)))).toString()).toBe(JSON.stringify(items));
  });

  it('is [] for no items', async () => {
    expect((await joined(jsonArrayPieces(from([[], []])))).toString()).toBe('[]');
    expect((await joined(jsonArrayPieces(from([])))).toString()).toBe('[]');
  });
});

describe('keysetBatches', () => {
  const rows = Array.from({ length: 10 }, (_, k) => ({ id: 10 * (k + 1) }));
  function reader() {
    const asked: (number | undefined)[] = [];
    const read = async (afterId: number | undefined, size: number) => {
      asked.push(afterId);
      return rows.filter((row) => afterId === undefined || row.id > afterId).slice(0, size);
    };
    return { read, asked };
  }

  it('reads after the last id of each batch until a short batch', async () => {
    const { read, asked } = reader();
    const batches = await collect(keysetBatches(read, 4));
    expect(batches.map((batch) => batch.map((row) => row.id))).toEqual([
      [10, 20, 30, 40],
      [50, 60, 70, 80],
      [90, 100],
    ]);
    expect(asked).toEqual([undefined, 40, 80]);
  });

  it('asks once more when the rows fill the last batch exactly, and starts after a given id', async () => {
    const { read, asked } = reader();
    const batches = await collect(keysetBatches(read, 2, 60));
    expect(batches.flat().map((row) => row.id)).toEqual([70, 80, 90, 100]);
    expect(asked).toEqual([60, 80, 100]);
  });
});

describe('gzipPieces', () => {
  it('compresses the pieces into one gzip member of their joined bytes', async () => {
    const pieces = ['[', '"x",'.repeat(50_000), '"ü"]'].map((text) => Buffer.from(text));
    const gzipped = await gzipPieces(from(pieces));
    expect(gunzipSync(gzipped).equals(Buffer.concat(pieces))).toBe(true);
    expect(gzipped.length).toBeLessThan(Buffer.concat(pieces).length / 10);
  });

  it('fails when a piece fails to come (nothing half-built is answered)', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from('[');
      throw new Error('the database went away');
    }
    await expect(gzipPieces(failing())).rejects.toThrow('the database went away');
  });
});
