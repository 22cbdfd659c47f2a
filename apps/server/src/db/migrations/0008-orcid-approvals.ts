import type { Migration } from './migration';

/**
 * "Sign in with ORCID" (decision 0029): ORCID iDs an administrator approved for an account
 * (`npm run cli -- user:approve-orcid <iD>`). The first ORCID sign-in with an approved iD that no
 * account is linked to creates the account and removes the approval in the same transaction, so
 * an approval creates at most one account. Same iD format check as users.orcid (migration 0005).
 */
export const orcidApprovals: Migration = {
  statements: [
    `CREATE TABLE orcid_approvals (
      orcid text PRIMARY KEY CHECK (orcid ~ '^\\d{4}-\\d{4}-\\d{4}-\\d{3}[\\dX]$'),
      approved_at timestamptz NOT NULL DEFAULT now()
    )`,
  ],
};
