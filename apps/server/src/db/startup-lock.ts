import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/**
 * The key of the PostgreSQL advisory lock held while a process prepares the database at start-up
 * (a constant: every process of every release must agree on it).
 */
export const STARTUP_LOCK_KEY = 0x636f72616c; // "coral"

/**
 * Runs a process's start-up preparation (migrations, seeding, the job queue's schema) while holding
 * a PostgreSQL advisory lock, so that processes starting together on one database do it one after
 * another: the first does the work, the others find it done (docs/decisions/0052-faults-and-streams.md).
 * Without it, two servers created the same schema at once and one failed or deadlocked.
 *
 * The lock is a session lock, held on one connection set aside for it while the work runs on the
 * pool; it is released at the end, or by PostgreSQL when the process dies. The embedded database
 * has one connection and one process (its lock file keeps others out): nothing to lock.
 */
export async function underStartupLock<T>(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'server') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY}::bigint)`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
}
