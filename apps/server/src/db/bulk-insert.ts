import { sql } from 'kysely';
import { copyRows, CopyRows } from './copy-rows';
import { copyTextChunks, type ColumnSpec, type CopyValue } from './copy-text';
import type { AppDb } from './database';

export type { ColumnSpec, ColumnType } from './copy-text';

/**
 * Inserts the rows with one COPY … FROM (`copy-rows.ts`) on the connection of `db`, inside its
 * transaction when it is one: PostgreSQL's fastest way in, with no bind-parameter limit and no
 * statement text growing with the rows. The rows travel in COPY's text format (`copy-text.ts`),
 * which PostgreSQL reads with the same input functions as the bind parameters of an INSERT.
 */
export async function bulkInsert<S extends ColumnSpec>(
  db: AppDb,
  table: string,
  columns: S,
  rows: readonly { [K in keyof S]: CopyValue }[],
): Promise<void> {
  if (rows.length === 0) return;
  const request = new CopyRows(table, Object.keys(columns), copyTextChunks(columns, rows));
  const copied = await copyRows(db, request);
  if (copied !== rows.length) {
    throw new Error(`COPY into ${table} stored ${copied} rows of ${rows.length}`);
  }
}

/** Reserves `count` ids from a table's identity sequence, in order. */
export async function allocateIds(db: AppDb, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id
    FROM generate_series(1, ${count}::int)
  `.execute(db);
  return rows.map((r) => r.id);
}

/** After rows were inserted with explicit ids, moves the identity sequence past them. */
export async function syncIdSequence(db: AppDb, table: string): Promise<void> {
  await sql`
    SELECT setval(
      pg_get_serial_sequence(${table}, 'id'),
      GREATEST((SELECT max(id) FROM ${sql.table(table)}), 1)
    )
  `.execute(db);
}
