import type { Migration } from './migration';

/**
 * Login throttling without lock-outs (decision 0003): failed logins of one username
 * from one client address earn an exponential back-off (`retry_at`: the earliest next attempt of
 * that pair), so a guesser elsewhere never locks the owner out. Rows are forgotten a day after
 * their last failure (index for that housekeeping delete). The per-username counters in
 * rate_limits are no longer read; per-address counters stay there.
 */
export const loginBackoffs: Migration = {
  statements: [
    `CREATE TABLE login_backoffs (
      username text NOT NULL,
      address text NOT NULL,
      failures integer NOT NULL CHECK (failures > 0),
      last_failure_at timestamptz NOT NULL,
      retry_at timestamptz NOT NULL,
      PRIMARY KEY (username, address)
    )`,
    `CREATE INDEX login_backoffs_last_failure_idx ON login_backoffs (last_failure_at)`,
    `DELETE FROM rate_limits WHERE key LIKE 'login:user:%'`,
  ],
};
