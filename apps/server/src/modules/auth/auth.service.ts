import type { AppDb } from '../../db/schema';
import { usersService } from '../users/users.service';
import type { LoginRateLimiter } from './login-rate-limiter';
import type { SessionService } from './sessions.service';

export interface LoginInput {
  username: string;
  password: string;
  ip: string;
  /** The session cookie the client sent, if any: it is ended whatever happens next. */
  previousSessionToken: string | undefined;
}

export type LoginOutcome =
  | { kind: 'success'; username: string; sessionToken: string }
  | { kind: 'invalid' }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

export function createAuthService(deps: {
  db: AppDb;
  sessions: SessionService;
  rateLimiter: LoginRateLimiter;
}) {
  const { db, sessions, rateLimiter } = deps;
  return {
    /**
     * One answer for an unknown user, a wrong password, an account without a password and a
     * disabled account, after the same single argon2 verification: no account enumeration.
     */
    async login(input: LoginInput): Promise<LoginOutcome> {
      const attempt = await rateLimiter.attempt(input.ip, input.username);
      if (!attempt.allowed) {
        return { kind: 'rate_limited', retryAfterSeconds: attempt.retryAfterSeconds };
      }
      const user = await usersService.verifyLogin(db, input.username, input.password);
      if (!user) return { kind: 'invalid' };

      await rateLimiter.succeeded(attempt.keys);
      const sessionToken = await sessions.start(user.id, input.previousSessionToken);
      return { kind: 'success', username: user.username, sessionToken };
    },

    logout(sessionToken: string | undefined): Promise<void> {
      return sessions.end(sessionToken);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
