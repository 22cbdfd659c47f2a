import type { Migration } from './migration';

/**
 * A published snapshot stored in parts (docs/decisions/0038-incremental-feed.md): the
 * colonies feed is kept as separately deflated pieces, one per range of colony ids, so a data
 * change rewrites only the pieces of the colonies it touched. `built_version` is the data version
 * a part was last built for; `raw_length` and `crc32` (as a signed 32-bit integer) are of its
 * uncompressed bytes, which the gzip trailer of the assembled feed needs. Parts are written in
 * the transaction that stores their snapshot's row, and read in one statement joined to it.
 */
export const snapshotParts: Migration = {
  statements: [
    `CREATE TABLE published_snapshot_parts (
      name text NOT NULL,
      part integer NOT NULL,
      built_version bigint NOT NULL,
      raw_length integer NOT NULL,
      crc32 integer NOT NULL,
      content bytea NOT NULL,
      PRIMARY KEY (name, part)
    )`,
  ],
};
