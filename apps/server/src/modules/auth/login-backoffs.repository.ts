import { sql } from 'kysely';
import type { LoginBackoff } from '../../config';
import type { AppDb } from '../../db/schema';

const seconds = (value: ReturnType<typeof sql>) => sql`((${value})::float8 * interval '1 second')`;

/**
 * The back-off earned by `failures` failures: none for the free ones, then the start delay,
 * doubling with each further failure up to the maximum (the exponent is bounded so that the
 * power cannot overflow before LEAST caps it).
 */
function delayAfter(failures: ReturnType<typeof sql>, b: LoginBackoff) {
  return seconds(sql`
    CASE WHEN ${failures} <= ${b.freeFailures}::int THEN 0
    ELSE LEAST(${b.maxSeconds}::float8, ${b.startSeconds}::float8
      * power(2::float8, LEAST(${failures} - ${b.freeFailures}::int - 1, 40)))
    END`);
}

/**
 * Failed logins per (username, client address) in the login_backoffs table, shared by every
 * server process on the database. Each statement is atomic, so concurrent guesses of one pair
 * are counted one by one and cannot slip past a back-off.
 */
export const loginBackoffsRepository = {
  /**
   * Counts an attempt of the pair as a failure (before its password is checked) unless the pair
   * is still waiting out its back-off; sets the back-off the new count earns. False when the
   * pair must still wait (nothing is counted then).
   */
  async countAttempt(
    db: AppDb,
    username: string,
    address: string,
    backoff: LoginBackoff,
  ): Promise<boolean> {
    const forgotten = sql`b.last_failure_at <= now() - ${seconds(sql`${backoff.memorySeconds}::int`)}`;
    const next = sql`(CASE WHEN ${forgotten} THEN 1 ELSE b.failures + 1 END)`;
    const { rows } = await sql<{ failures: number }>`
      INSERT INTO login_backoffs AS b (username, address, failures, last_failure_at, retry_at)
      VALUES (${username}, ${address}, 1, now(), now() + ${delayAfter(sql`1`, backoff)})
      ON CONFLICT (username, address) DO UPDATE SET
        failures = ${next},
        last_failure_at = now(),
        retry_at = now() + ${delayAfter(next, backoff)}
      WHERE b.retry_at <= now()
      RETURNING failures
    `.execute(db);
    return rows.length > 0;
  },

  /** Whole seconds until the pair may try again (at least 1). */
  async secondsToWait(db: AppDb, username: string, address: string): Promise<number> {
    const row = await db
      .selectFrom('login_backoffs')
      .select(
        sql<number>`GREATEST(1, CEIL(EXTRACT(EPOCH FROM (retry_at - now()))))::int`.as('wait'),
      )
      .where('username', '=', username)
      .where('address', '=', address)
      .executeTakeFirst();
    return row?.wait ?? 1;
  },

  /** The pair logged in: its failures are forgotten. */
  async clear(db: AppDb, username: string, address: string): Promise<void> {
    await db
      .deleteFrom('login_backoffs')
      .where('username', '=', username)
      .where('address', '=', address)
      .execute();
  },

  /** Drops the pairs whose last failure is older than the memory. */
  async deleteForgotten(db: AppDb, memorySeconds: number): Promise<void> {
    await sql`
      DELETE FROM login_backoffs
      WHERE last_failure_at <= now() - ${seconds(sql`${memorySeconds}::int`)}
    `.execute(db);
  },
};
