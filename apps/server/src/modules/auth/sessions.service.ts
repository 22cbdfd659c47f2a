import crypto from 'node:crypto';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { sessionsRepository as repo } from './sessions.repository';

/** 32 random bytes, base64url: the whole session token as the cookie carries it. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only this hash is stored: a copy of the sessions table does not let anyone log in. */
export const hashSessionToken = (token: string) =>
  crypto.createHash('sha256').update(token).digest('hex');

/**
 * Server-side sessions in the `sessions` table (shared by every process on the database). A
 * session ends after `idleTimeoutSeconds` without a request and `maxAgeSeconds` after login,
 * whichever comes first.
 */
export function createSessionService(db: AppDb, lifetimes: AppConfig['sessions']) {
  const { idleTimeoutSeconds, maxAgeSeconds } = lifetimes;
  // Activity is recorded at most this often, so most requests cost no write.
  const touchAfterSeconds = Math.min(60, Math.floor(idleTimeoutSeconds / 10));

  return {
    maxAgeSeconds,

    /**
     * A new session for the user, under a new token. The token the client had before (if any)
     * is ended first, so a session id planted before login is worthless (no fixation).
     */
    async start(userId: number, previousToken: string | undefined): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await db.transaction().execute(async (trx) => {
        if (previousToken) await repo.delete(trx, hashSessionToken(previousToken));
        await repo.insert(trx, hashSessionToken(token), userId, maxAgeSeconds);
      });
      await repo.deleteExpired(db, idleTimeoutSeconds);
      return token;
    },

    /** The logged-in user behind a token, or null; records activity (sliding idle timeout). */
    async resolve(token: string | undefined): Promise<SessionUser | null> {
      if (!token || !TOKEN_PATTERN.test(token)) return null;
      const idHash = hashSessionToken(token);
      const row = await repo.findActive(db, idHash, idleTimeoutSeconds, touchAfterSeconds);
      if (!row) return null;
      if (row.stale) await repo.touch(db, idHash);
      return { userId: row.user_id, username: row.username, role: row.role, orcid: row.orcid };
    },

    async end(token: string | undefined): Promise<void> {
      if (token) await repo.delete(db, hashSessionToken(token));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
