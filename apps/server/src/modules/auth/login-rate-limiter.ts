import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/database';
import { rateLimitsRepository as repo } from './rate-limits.repository';

const PREFIX = 'login:';
/** Longer names cannot be accounts (users.username is at most 150 characters). */
const MAX_USERNAME_LENGTH = 150;

export type LoginAttempt =
  | { allowed: true; keys: { ip: string; username: string | null } }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts failed logins per client IP and per username over a fixed window, in the database so
 * that the limit holds across server processes. An attempt is counted before the password is
 * checked (so concurrent guesses cannot slip past the limit) and refunded when it succeeds or is
 * refused, so only failed verifications count.
 */
export function createLoginRateLimiter(db: AppDb, limits: AppConfig['loginRateLimit']) {
  const { windowSeconds, maxFailuresPerUsername, maxFailuresPerIp } = limits;

  return {
    async attempt(ip: string, username: string): Promise<LoginAttempt> {
      const keys = {
        ip: `${PREFIX}ip:${ip}`,
        username: username.length <= MAX_USERNAME_LENGTH ? `${PREFIX}user:${username}` : null,
      };
      const all = [keys.ip, ...(keys.username ? [keys.username] : [])];
      await repo.deleteEnded(db, PREFIX, windowSeconds);
      const hits = await repo.hit(db, all, windowSeconds);
      const over = hits.filter(
        (h) => h.hits > (h.key === keys.ip ? maxFailuresPerIp : maxFailuresPerUsername),
      );
      if (over.length === 0) return { allowed: true, keys };
      await repo.refund(db, all);
      return { allowed: false, retryAfterSeconds: Math.max(...over.map((h) => h.retry_after)) };
    },

    /** A successful login clears the username's failures and does not count for the IP. */
    async succeeded(keys: { ip: string; username: string | null }): Promise<void> {
      if (keys.username) await repo.reset(db, keys.username);
      await repo.refund(db, [keys.ip]);
    },
  };
}
export type LoginRateLimiter = ReturnType<typeof createLoginRateLimiter>;
