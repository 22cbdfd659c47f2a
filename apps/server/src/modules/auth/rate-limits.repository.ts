import { sql, type Selectable } from 'kysely';
import type { AppDb, RateLimitsTable } from '../../db/schema';

export type RateLimitHit = Pick<Selectable<RateLimitsTable>, 'key' | 'hits'> & {
  /** Whole seconds until the key's window ends (at least 1). */
  retry_after: number;
};

const seconds = (value: number) => sql<string>`(${value}::int * interval '1 second')`;

/**
 * Fixed-window counters in the rate_limits table, so every server process on the database shares
 * them. Each statement is atomic: concurrent requests never lose a hit.
 */
export const rateLimitsRepository = {
  /** Adds one hit to each key (starting a new window where the old one ended). */
  async hit(db: AppDb, keys: readonly string[], windowSeconds: number): Promise<RateLimitHit[]> {
    if (keys.length === 0) return [];
    const windowEnded = sql`rate_limits.window_started_at <= now() - ${seconds(windowSeconds)}`;
    const { rows } = await sql<RateLimitHit>`
      INSERT INTO rate_limits (key, hits, window_started_at)
      SELECT k, 1, now() FROM unnest(${[...keys]}::text[]) AS k
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN ${windowEnded} THEN 1 ELSE rate_limits.hits + 1 END,
        window_started_at =
          CASE WHEN ${windowEnded} THEN now() ELSE rate_limits.window_started_at END
      RETURNING key, hits,
        GREATEST(1, CEIL(EXTRACT(EPOCH FROM
          (window_started_at + ${seconds(windowSeconds)} - now()))))::int AS retry_after
    `.execute(db);
    return rows;
  },

  /** Takes one hit back from each key (an attempt that must not count). */
  async refund(db: AppDb, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await sql`
      UPDATE rate_limits SET hits = GREATEST(hits - 1, 0)
      WHERE key = ANY(${[...keys]}::text[])
    `.execute(db);
  },

  async reset(db: AppDb, key: string): Promise<void> {
    await db.deleteFrom('rate_limits').where('key', '=', key).execute();
  },

  /** Drops the counters of ended windows under a key prefix. */
  async deleteEnded(db: AppDb, keyPrefix: string, windowSeconds: number): Promise<void> {
    await sql`
      DELETE FROM rate_limits
      WHERE key LIKE ${`${keyPrefix}%`} AND window_started_at <= now() - ${seconds(windowSeconds)}
    `.execute(db);
  },
};
