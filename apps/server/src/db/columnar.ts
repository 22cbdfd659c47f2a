import { sql, type RawBuilder } from 'kysely';
import type { AppDb } from './schema';

/**
 * Reads a large result as ONE row of aligned arrays (`array_agg` of every column in one pass)
 * instead of one protocol message per row: for 100,000 rows this is about twice as fast on a
 * PostgreSQL server and on PGlite, whose wire protocol is emulated in JavaScript.
 *
 * `select` must produce the columns named in `columns`; the arrays come back in the same
 * (unspecified) order for every column, so rows are rebuilt by position.
 */
export async function selectColumnar<Row extends object>(
  db: AppDb,
  columns: readonly (keyof Row & string)[],
  select: RawBuilder<unknown>,
): Promise<Row[]> {
  const aggregates = columns.map((c) => sql`array_agg(${sql.ref(`t.${c}`)}) AS ${sql.ref(c)}`);
  const { rows } = await sql<Record<string, unknown[] | null>>`
    SELECT ${sql.join(aggregates)} FROM (${select}) AS t
  `.execute(db);
  const arrays = columns.map((c) => rows[0]?.[c] ?? []);
  const length = arrays[0]?.length ?? 0;
  const result = new Array<Row>(length);
  for (let i = 0; i < length; i++) {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) row[columns[c]!] = arrays[c]![i];
    result[i] = row as Row;
  }
  return result;
}

/** Sorts in place by the given numeric keys unless already sorted (the usual case). */
export function ensureSorted<T>(rows: T[], ...keys: ((row: T) => number)[]): T[] {
  const compare = (a: T, b: T) => {
    for (const key of keys) {
      const d = key(a) - key(b);
      if (d !== 0) return d;
    }
    return 0;
  };
  for (let i = 1; i < rows.length; i++) {
    if (compare(rows[i - 1]!, rows[i]!) > 0) return rows.sort(compare);
  }
  return rows;
}
