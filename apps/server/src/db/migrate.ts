import { sql, Migrator, type MigrationProvider } from 'kysely';
import type { AppDb } from './schema';
import { migrations } from './migrations';

/** The registered migrations, for Kysely's migrator (also used to stop at one in tests). */
export const migrationProvider: MigrationProvider = {
  getMigrations() {
    return Promise.resolve(
      Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [
          name,
          {
            async up(db) {
              for (const statement of migration.statements) await sql.raw(statement).execute(db);
            },
          },
        ]),
      ),
    );
  },
};

/**
 * Brings the schema up to date. Kysely's migrator locks only the migrations themselves, not the
 * creation of its own tables: processes starting together call it under the start-up lock
 * (db/startup-lock.ts, decision 0052).
 */
export async function migrateToLatest(db: AppDb): Promise<string[]> {
  const { error, results } = await new Migrator({
    db,
    provider: migrationProvider,
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
