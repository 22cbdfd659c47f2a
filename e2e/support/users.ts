/**
 * Accounts the e2e server gets. They are created with the real CLI (`user:create`) on the
 * throw-away database *before* the server starts, because the embedded database can be opened
 * by one process only (see README.md). Add an entry here when a journey needs another account.
 */
export interface E2eUser {
  username: string;
  password: string;
}

export const RESEARCHER: E2eUser = { username: 'e2e-researcher', password: 'Reef-heat-2026-e2e!' };

export const E2E_USERS: readonly E2eUser[] = [RESEARCHER];
