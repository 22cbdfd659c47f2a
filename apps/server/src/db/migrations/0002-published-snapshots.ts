import type { Migration } from './migration';

/**
 * Public read models (the colonies feed, the statistics) rebuilt in the same transaction as the
 * data change that invalidates them, so every API process serves them without recomputing.
 * See docs/decisions/0006-published-snapshots.md.
 */
export const publishedSnapshots: Migration = {
  statements: [
    `CREATE TABLE published_snapshots (
      name text PRIMARY KEY,
      dataset_version bigint NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  ],
};
