import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnsWhilePending } from '../../test/event-loop-watch';
import { CopyRows, copyRows } from './copy-rows';
import { openDatabase, type DatabaseHandle } from './database';

/** The embedded database in its own thread (docs/decisions/0069-embedded-database-in-a-thread.md). */
describe('embedded database in its own thread', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'memory' });
    await sql`CREATE TABLE t (id integer PRIMARY KEY, label text NOT NULL)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('keeps the event loop turning while a long statement runs on its thread', async () => {
    // The statement is a message to the database's thread; the answer, another. On the server's
    // thread the loop could not turn once before the statement's end (the engine computes
    // synchronously); here it turns again and again while the thread works.
    const statement = sql<{
      count: number;
    }>`SELECT count(*)::int AS count FROM generate_series(1, 4000000) AS g(n) WHERE n % 7 = 3`.execute(
      handle.db,
    );
    const turns = await turnsWhilePending(statement);
    expect((await statement).rows).toEqual([{ count: 571429 }]);
    expect(turns).toBeGreaterThan(100);
  });

  it('answers parameterised queries with the types node-postgres gives', async () => {
    const { rows } = await sql<{
      n: number;
      d: string;
      words: string[];
      nothing: null;
    }>`SELECT ${41}::int + 1 AS n, '2024-02-29'::date AS d, ARRAY['a', ${'b'}] AS words, NULL AS nothing`.execute(
      handle.db,
    );
    expect(rows).toEqual([{ n: 42, d: '2024-02-29', words: ['a', 'b'], nothing: null }]);
  });

  it("keeps PostgreSQL's error codes and messages, and the connection goes on", async () => {
    await sql`INSERT INTO t VALUES (1, 'one')`.execute(handle.db);
    const duplicate = await sql`INSERT INTO t VALUES (1, 'again')`
      .execute(handle.db)
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      table: 't',
      message: 'duplicate key value violates unique constraint "t_pkey"',
      detail: 'Key (id)=(1) already exists.',
    });
    const division = await sql`SELECT 1 / ${0}::int`.execute(handle.db).catch((e: unknown) => e);
    expect(division).toMatchObject({ code: '22012', message: 'division by zero' });
    const { rows } = await sql<{ label: string }>`SELECT label FROM t`.execute(handle.db);
    expect(rows).toEqual([{ label: 'one' }]);
  });

  it('rolls back a failed transaction whole, COPY included', async () => {
    const failed = await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO t VALUES (2, 'two')`.execute(trx);
        const copied = await copyRows(
          trx,
          new CopyRows('t', ['id', 'label'], [Buffer.from('3\tthree\n4\tfour\n')]),
        );
        expect(copied).toBe(2);
        await copyRows(trx, new CopyRows('t', ['id', 'label'], [Buffer.from('5\t\\N\n')]));
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23502' });
    const { rows } = await sql<{ id: number }>`SELECT id FROM t ORDER BY id`.execute(handle.db);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('keeps its data in a directory across a close and a new open', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-pglite-thread-'));
    try {
      const first = await openDatabase({ kind: 'embedded', dataDir: dir });
      await sql`CREATE TABLE kept (v text)`.execute(first.db);
      await sql`INSERT INTO kept VALUES ('still here')`.execute(first.db);
      await first.close();
      const second = await openDatabase({ kind: 'embedded', dataDir: dir });
      const { rows } = await sql<{ v: string }>`SELECT v FROM kept`.execute(second.db);
      await second.close();
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts an in-memory copy from a dump', async () => {
    const copy = await openDatabase({ kind: 'memory', loadDataDir: await handle.dump!() });
    try {
      const { rows } = await sql<{ id: number }>`SELECT id FROM t`.execute(copy.db);
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await copy.close();
    }
  });
});
