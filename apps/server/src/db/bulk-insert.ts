import { sql } from 'kysely';
import type { AppDb } from './database';

/** PostgreSQL type of a column, as used in the array cast of an unnest insert. */
export type ColumnType = 'int4' | 'float8' | 'numeric' | 'text' | 'date' | 'text[]';
export type ColumnSpec = Readonly<Record<string, ColumnType>>;

type Value = string | number | boolean | null | readonly string[];

/**
 * One INSERT … SELECT FROM unnest(...) per call: one bind parameter per column whatever the row
 * count, so large uploads never hit PostgreSQL's 65,535-parameter limit, and the rows travel as
 * arrays instead of thousands of VALUES tuples. Array-typed columns travel as array literals.
 */
export async function bulkInsert<S extends ColumnSpec>(
  db: AppDb,
  table: string,
  columns: S,
  rows: readonly { [K in keyof S]: Value }[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const arrays = names.map((name) =>
    rows.map((row) => {
      const value = row[name];
      return columns[name] === 'text[]' ? toArrayLiteral(value as readonly string[]) : value;
    }),
  );
  const unnestArgs = names.map((name, i) => {
    const type = columns[name] === 'text[]' ? 'text' : columns[name]!;
    return sql`${arrays[i]}::${sql.raw(type)}[]`;
  });
  const selectList = names.map((name, i) =>
    columns[name] === 'text[]' ? sql`${sql.ref(`u.c${i}`)}::text[]` : sql.ref(`u.c${i}`),
  );
  const aliases = names.map((_, i) => sql.raw(`c${i}`));
  await sql`
    INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
    SELECT ${sql.join(selectList)}
    FROM unnest(${sql.join(unnestArgs)}) AS u(${sql.join(aliases)})
  `.execute(db);
}

function toArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
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
