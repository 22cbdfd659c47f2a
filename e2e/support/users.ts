/**
 * Accounts the e2e server gets. They are created with the real CLI (`user:create`) on the
 * throw-away database *before* the server starts, because the embedded database can be opened
 * by one process only (see README.md). Add an entry here when a journey needs another account.
 */
export interface E2eUser {
  username: string;
  password: string;
  /** Granted with `user:role` after the account is created (default: contributor). */
  role?: 'curator' | 'admin';
}

export const RESEARCHER: E2eUser = { username: 'e2e-researcher', password: 'Reef-heat-2026-e2e!' };
/** The datasets journey: a contributor, another contributor, and a curator. */
export const ALICE: E2eUser = { username: 'e2e-alice', password: 'Alice-reef-2026-e2e!' };
export const BOB: E2eUser = { username: 'e2e-bob', password: 'Bob-reef-2026-e2e!' };
export const CURATOR: E2eUser = {
  username: 'e2e-curator',
  password: 'Curator-reef-2026-e2e!',
  role: 'curator',
};

export const E2E_USERS: readonly E2eUser[] = [RESEARCHER, ALICE, BOB, CURATOR];
