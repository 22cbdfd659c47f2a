import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyThroughBlob, CopyRows } from './copy-rows';
import { copyTextChunks } from './copy-text';

/** The embedded runner on its own PGlite: the part the pooled tests cannot reach. */
describe('copyThroughBlob', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.exec('CREATE TABLE t (id integer PRIMARY KEY, label text)');
  });
  afterAll(() => pglite.close());
  const noClient = {} as pg.PoolClient;

  it('splits the rows into several COPYs of about the given size, all in order', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => ({ id: i, label: `row\t${i}\n` }));
    let statements = 0;
    const counting = new Proxy(pglite, {
      get(target, property, receiver) {
        if (property === 'query') {
          return (...args: Parameters<PGlite['query']>) => {
            statements++;
            return target.query(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    // About 20 bytes a row, buffers of about 1 MB: one buffer, so one COPY per buffer here.
    const chunks = [...copyTextChunks({ id: 'int4', label: 'text' }, rows)];
    const small = chunks.flatMap((chunk) => splitLines(chunk, 100));
    const copied = await copyThroughBlob(counting, 4_096)(
      noClient,
      new CopyRows('t', ['id', 'label'], small),
    );
    expect(copied).toBe(2_000);
    expect(statements).toBeGreaterThan(5);
    const { rows: stored } = await pglite.query<{ id: number; label: string }>(
      'SELECT id, label FROM t ORDER BY id',
    );
    expect(stored).toEqual(rows);
  });
});

/** A buffer of lines cut into buffers of `count` lines each. */
function splitLines(buffer: Buffer, count: number): Buffer<ArrayBuffer>[] {
  const lines = buffer.toString('utf8').split(/(?<=\n)(?!$)/);
  const parts: Buffer<ArrayBuffer>[] = [];
  for (let i = 0; i < lines.length; i += count) {
    parts.push(Buffer.from(lines.slice(i, i + count).join(''), 'utf8'));
  }
  return parts;
}
