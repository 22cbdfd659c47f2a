import { sql } from 'kysely';
import { copyRows, CopyRows } from './copy-rows';
import { copyTextChunks, type ColumnSpec, type CopyValue } from './copy-text';
import type { AppDb } from './schema';

export type { ColumnSpec, ColumnType } from './copy-text';

/**
 * Inserts the rows with one COPY … FROM (`copy-rows.ts`) on the connection of `db`, inside its
 * transaction when it is one: PostgreSQL's fastest way in, with no bind-parameter limit and no
 * statement text growing with the rows. The rows travel in COPY's text format (`copy-text.ts`),
 * which PostgreSQL reads with the same input functions as the bind parameters of an INSERT.
 * `rows` may be a generator: each row is encoded as it comes, so a million of them never need
 * to exist at once.
 */
export async function bulkInsert<S extends ColumnSpec>(
  db: AppDb,
  table: string,
  columns: S,
  rows: Iterable<{ [K in keyof S]: CopyValue }>,
): Promise<void> {
  const iterator = rows[Symbol.iterator]();
  const first = iterator.next();
  if (first.done) return;
  let sent = 0;
  function* counted() {
    sent++;
    yield first.value;
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      sent++;
      yield next.value;
    }
  }
  const request = new CopyRows(table, Object.keys(columns), copyTextChunks(columns, counted()));
  const copied = await copyRows(db, request);
  if (copied !== sent) throw new Error(`COPY into ${table} stored ${copied} rows of ${sent}`);
}

/**
 * Reserves `count` ids from a table's identity sequence, in order. A session's nextval() values
 * only increase, so when nobody else took a value meanwhile they are the range first…last and
 * only its ends travel (a million ids as rows cost seconds to send and parse); otherwise the
 * values themselves come back. The sequence is looked up once (a scalar subquery), not per id:
 * that lookup cost ten times the nextval() itself.
 */
export async function allocateIds(db: AppDb, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ first: number; taken: number[] | null }>`
    SELECT min(id)::int AS first,
      CASE WHEN max(id) - min(id) + 1 = count(*) THEN NULL ELSE array_agg(id::int) END AS taken
    FROM (
      SELECT nextval((SELECT pg_get_serial_sequence(${table}, 'id')::regclass)) AS id
      FROM generate_series(1, ${count}::int)
    ) AS reserved
  `.execute(db);
  const { first, taken } = rows[0]!;
  if (taken) return taken.sort((a, b) => a - b);
  return Array.from({ length: count }, (_, i) => first + i);
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
