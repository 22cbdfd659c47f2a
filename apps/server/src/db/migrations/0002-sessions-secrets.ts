import type { Migration } from './migration';

/**
 * Sessions, CSRF and rate limits as decided in docs/decisions/0003-sessions-csrf-and-rate-limits.md:
 * - CSRF tokens are signed with the server key and bound to the session cookie, so they need no
 *   per-session secret: `sessions.csrf_secret` goes.
 * - `server_secrets` holds keys generated on first use when SESSION_SECRET is not configured
 *   (development, tests), shared by every process on the database.
 * - indexes for the housekeeping deletes of expired sessions and stale rate-limit windows.
 */
const statements = [
  `ALTER TABLE sessions DROP COLUMN csrf_secret`,
  `CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at)`,
  `CREATE TABLE server_secrets (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX rate_limits_window_idx ON rate_limits (window_started_at)`,
];

export const sessionsAndSecrets: Migration = { statements };
