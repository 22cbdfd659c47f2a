import type { Migration } from './migration';

/**
 * Citable snapshots (decision 0015, docs/downloads.md): a frozen map view or cart group. What makes a
 * download of it byte-identical forever is stored here, not recomputed: the colony ids (rows of
 * published dataset versions, which never change), the dataset versions with the citation facts
 * they had at that moment (a title edited later does not change the snapshot's files), the query,
 * the data version, the creation time and the
 * software version that wrote the files. The content hash is the SHA-256 of the snapshot's CSV
 * as first written.
 */
export const citableSnapshots: Migration = {
  statements: [
    `CREATE TABLE citable_snapshots (
      id text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      source text NOT NULL CHECK (source IN ('map', 'cart-group')),
      description text NOT NULL,
      query jsonb NOT NULL,
      data_version integer NOT NULL,
      hide_flagged boolean NOT NULL DEFAULT false,
      colony_ids integer[] NOT NULL,
      datasets jsonb NOT NULL,
      software_version text NOT NULL,
      content_hash text NOT NULL
    )`,
    `CREATE INDEX citable_snapshots_created_by_idx ON citable_snapshots (created_by, created_at)`,
  ],
};
