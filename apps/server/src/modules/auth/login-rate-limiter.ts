import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/schema';
import { loginBackoffsRepository as backoffs } from './login-backoffs.repository';
import { rateLimitsRepository as counters } from './rate-limits.repository';

const PREFIX = 'login:';
/** Longer names cannot be accounts (users.username is at most 150 characters). */
const MAX_USERNAME_LENGTH = 150;

export interface LoginAttemptKeys {
  /** The per-address counter in rate_limits. */
  addressKey: string;
  address: string;
  /** Null when the name cannot be an account (only the address counts then). */
  username: string | null;
}

export type LoginAttempt =
  { allowed: true; keys: LoginAttemptKeys } | { allowed: false; retryAfterSeconds: number };

/**
 * Slows password guessing down without ever locking an account (decision 0003). Two limits, both
 * in the database so that they hold across server processes:
 * - per client address, a fixed window of failed logins (any usernames): beyond it the address
 *   waits for the window's end;
 * - per (username, address), an exponential back-off after a few free failures. A guesser
 *   elsewhere therefore never keeps the owner, who logs in from another address, out.
 * An attempt is counted before the password is checked (so concurrent guesses cannot slip past)
 * and taken back when it succeeds or is refused, so only failed verifications count.
 */
export function createLoginRateLimiter(db: AppDb, limits: AppConfig['loginRateLimit']) {
  const { windowSeconds, maxFailuresPerIp, backoff } = limits;

  return {
    async attempt(address: string, username: string): Promise<LoginAttempt> {
      const keys: LoginAttemptKeys = {
        addressKey: `${PREFIX}ip:${address}`,
        address,
        username: username.length <= MAX_USERNAME_LENGTH ? username : null,
      };
      await counters.deleteEnded(db, PREFIX, windowSeconds);
      await backoffs.deleteForgotten(db, backoff.memorySeconds);

      const [hit] = await counters.hit(db, [keys.addressKey], windowSeconds);
      if (hit && hit.hits > maxFailuresPerIp) {
        await counters.refund(db, [keys.addressKey]);
        return { allowed: false, retryAfterSeconds: hit.retry_after };
      }
      if (keys.username && !(await backoffs.countAttempt(db, keys.username, address, backoff))) {
        await counters.refund(db, [keys.addressKey]);
        return {
          allowed: false,
          retryAfterSeconds: await backoffs.secondsToWait(db, keys.username, address),
        };
      }
      return { allowed: true, keys };
    },

    /** A successful login forgets the pair's failures and does not count for the address. */
    async succeeded(keys: LoginAttemptKeys): Promise<void> {
      if (keys.username) await backoffs.clear(db, keys.username, keys.address);
      await counters.refund(db, [keys.addressKey]);
    },
  };
}
export type LoginRateLimiter = ReturnType<typeof createLoginRateLimiter>;
