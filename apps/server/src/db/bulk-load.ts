import { sql } from 'kysely';
import type { AppDb } from './schema';

/**
 * Loading rows into tables that are empty, as PostgreSQL's own restore does: their secondary
 * indexes and foreign keys are set aside before the rows go in and made again from the same
 * definitions once they are in. An index built over the loaded rows is a sort instead of millions
 * of single inserts, and a foreign key added afterwards is checked by one join instead of one
 * trigger query per row: at a million colonies (24 million rows) this is most of the import.
 *
 * Only empty tables get this: the tables are locked (ACCESS EXCLUSIVE) until the caller's
 * transaction ends, which nobody notices on an empty database (the seed, a first bulk import),
 * while an upload into tables with data keeps the ordinary path and blocks no reader. Primary
 * keys and unique indexes stay (other tables' foreign keys and ON CONFLICT depend on them).
 * Everything runs in the caller's transaction: a failure rolls the definitions back with the
 * rows, and `finish` re-checks every foreign key over all rows, so the result is the same as
 * with the checks on: the same rows, indexes and constraints, under the same names.
 */
export interface BulkLoad {
  /** The tables that were empty and are being loaded bare. */
  readonly tables: readonly string[];
  /** Makes the indexes again, refreshes the planner's statistics, and re-adds the foreign keys. */
  finish(): Promise<void>;
}

interface IndexDefinition {
  name: string;
  definition: string;
}
interface ForeignKeyDefinition {
  table: string;
  name: string;
  definition: string;
}

/** Memory for the index builds of `finish` (the default 64 MB sorts a large table on disk). */
const INDEX_BUILD_MEMORY = '256MB';

export async function beginBulkLoad(db: AppDb, tables: readonly string[]): Promise<BulkLoad> {
  const empty = await emptyTables(db, tables);
  if (empty.length === 0) return { tables: [], finish: async () => undefined };

  const list = sql.join(empty.map((table) => sql.table(table)));
  await sql`LOCK TABLE ${list} IN ACCESS EXCLUSIVE MODE`.execute(db);
  const regclasses = sql`ARRAY[${sql.join(empty)}]::regclass[]`;
  const { rows: indexes } = await sql<IndexDefinition>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY(${regclasses}) AND NOT i.indisprimary AND NOT i.indisunique
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY i.indexrelid
  `.execute(db);
  const { rows: foreignKeys } = await sql<ForeignKeyDefinition>`
    SELECT c.conrelid::regclass::text AS table, c.conname AS name,
      pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c
    WHERE c.contype = 'f' AND c.conrelid = ANY(${regclasses})
    ORDER BY c.oid
  `.execute(db);

  for (const fk of foreignKeys) {
    await sql`ALTER TABLE ${sql.raw(fk.table)} DROP CONSTRAINT ${sql.ref(fk.name)}`.execute(db);
  }
  for (const index of indexes) await sql`DROP INDEX ${sql.raw(index.name)}`.execute(db);

  return {
    tables: empty,
    async finish() {
      await sql.raw(`SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`).execute(db);
      for (const index of indexes) await sql.raw(index.definition).execute(db);
      // The foreign keys' checks are joins planned like any query: on fresh statistics.
      await sql`ANALYZE ${list}`.execute(db);
      for (const fk of foreignKeys) {
        await sql`ALTER TABLE ${sql.raw(fk.table)} ADD CONSTRAINT ${sql.ref(fk.name)} ${sql.raw(fk.definition)}`.execute(
          db,
        );
      }
    },
  };
}

async function emptyTables(db: AppDb, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const checks = tables.map(
    (table) =>
      sql`SELECT ${table}::text AS name WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(table)})`,
  );
  const { rows } = await sql<{ name: string }>`${sql.join(checks, sql` UNION ALL `)}`.execute(db);
  const empty = new Set(rows.map((row) => row.name));
  return tables.filter((table) => empty.has(table));
}
