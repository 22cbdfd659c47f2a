import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { bulkInsert } from './bulk-insert';
import { beginBulkLoad } from './bulk-load';
import type { DatabaseHandle } from './database';
import type { AppDb } from './schema';

const statements: string[] = [];
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (text) => statements.push(text) });
  await sql`
    CREATE TABLE load_parent (id integer PRIMARY KEY, code text NOT NULL);
    CREATE UNIQUE INDEX load_parent_code_idx ON load_parent (code);
    CREATE TABLE load_child (
      id integer PRIMARY KEY,
      parent_id integer NOT NULL REFERENCES load_parent(id) ON DELETE CASCADE,
      other_id integer REFERENCES load_parent(id) DEFERRABLE INITIALLY DEFERRED,
      label text CHECK (label <> 'forbidden')
    );
    CREATE INDEX load_child_parent_idx ON load_child (parent_id);
    CREATE INDEX load_child_label_idx ON load_child (lower(label)) WHERE label IS NOT NULL;
  `.execute(database.db);
});
afterAll(() => database.close());
beforeEach(async () => {
  await sql`TRUNCATE load_parent, load_child`.execute(database.db);
  statements.length = 0;
});

const TABLES = ['load_parent', 'load_child'];

/** Every index and constraint of the two tables, as PostgreSQL describes them. */
async function definitions(db: AppDb) {
  const { rows } = await sql<{ kind: string; name: string; definition: string }>`
    SELECT 'index' AS kind, indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
    FROM pg_index WHERE indrelid IN ('load_parent'::regclass, 'load_child'::regclass)
    UNION ALL
    SELECT 'constraint', conname, pg_get_constraintdef(oid)
    FROM pg_constraint WHERE conrelid IN ('load_parent'::regclass, 'load_child'::regclass)
    ORDER BY 1, 2, 3
  `.execute(db);
  return rows;
}

const parents = Array.from({ length: 500 }, (_, i) => ({ id: i, code: `P${i}` }));
const children = (parentOf: (i: number) => number) =>
  Array.from({ length: 2_000 }, (_, i) => ({
    id: i,
    parent_id: parentOf(i),
    other_id: i % 3 === 0 ? null : (i * 7) % 500,
    label: `Child ${i}`,
  }));

async function load(db: AppDb, childRows: ReturnType<typeof children>) {
  const bulk = await beginBulkLoad(db, TABLES);
  await bulkInsert(db, 'load_parent', { id: 'int4', code: 'text' }, parents);
  await bulkInsert(
    db,
    'load_child',
    { id: 'int4', parent_id: 'int4', other_id: 'int4', label: 'text' },
    childRows,
  );
  await bulk.finish();
  return bulk.tables;
}

describe('beginBulkLoad', () => {
  it('loads empty tables without their indexes and foreign keys, then makes the same ones again', async () => {
    const before = await definitions(database.db);
    // PostgreSQL 18 (PGlite) also lists NOT NULL constraints; the ones this is about:
    expect(before.map((d) => d.name)).toEqual(
      expect.arrayContaining([
        'load_child_label_idx',
        'load_child_parent_idx',
        'load_parent_code_idx',
        'load_child_parent_id_fkey',
        'load_child_other_id_fkey',
        'load_child_label_check',
      ]),
    );
    const loaded = await database.db.transaction().execute((trx) =>
      load(
        trx,
        children((i) => i % 500),
      ),
    );
    expect(loaded).toEqual(TABLES);
    expect(statements.filter((s) => /^DROP INDEX/.test(s))).toHaveLength(2);
    expect(statements.filter((s) => /DROP CONSTRAINT/.test(s))).toHaveLength(2);
    expect(await definitions(database.db)).toEqual(before);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM load_child c JOIN load_parent p ON p.id = c.parent_id
    `.execute(database.db);
    expect(rows[0]!.n).toBe(2_000);
    // The rebuilt foreign key acts: deleting a parent cascades, a dangling child is refused.
    await sql`DELETE FROM load_parent WHERE id = 0`.execute(database.db);
    const { rows: left } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM load_child WHERE parent_id = 0`.execute(database.db);
    expect(left[0]!.n).toBe(0);
    await expect(
      sql`INSERT INTO load_child (id, parent_id) VALUES (99999, 123456)`.execute(database.db),
    ).rejects.toThrow(/load_child_parent_id_fkey/);
  });

  it('refuses rows whose references do not exist when it re-adds the keys, and rolls back whole', async () => {
    const before = await definitions(database.db);
    const attempt = database.db.transaction().execute((trx) =>
      load(
        trx,
        children((i) => (i === 1_234 ? 777 : i % 500)),
      ),
    );
    await expect(attempt).rejects.toThrow(/load_child_parent_id_fkey/);
    expect(await definitions(database.db)).toEqual(before);
    const { rows } = await sql<{
      n: number;
    }>`SELECT (SELECT count(*) FROM load_parent) + (SELECT count(*) FROM load_child) AS n`.execute(
      database.db,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('leaves tables that hold rows as they are', async () => {
    await bulkInsert(database.db, 'load_parent', { id: 'int4', code: 'text' }, [
      { id: 9_999, code: 'already here' },
    ]);
    statements.length = 0;
    const loaded = await database.db.transaction().execute(async (trx) => {
      const bulk = await beginBulkLoad(trx, TABLES);
      await bulk.finish();
      return bulk.tables;
    });
    expect(loaded).toEqual(['load_child']);
    expect(statements.some((s) => /DROP INDEX load_parent|load_parent_code_idx/.test(s))).toBe(
      false,
    );
  });
});
