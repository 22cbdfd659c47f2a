import type { Migration } from './migration';

/**
 * The format a published snapshot was built in, stored with it (decision 0011): a reader serves a
 * snapshot only when this equals the format its code builds, and rebuilds it otherwise, instead
 * of guessing the format from the content. Snapshots stored before have '' and are rebuilt on
 * first use. The default also keeps a process of the previous release (rolling upgrade) able to
 * store snapshots; theirs are rebuilt in the same way.
 */
export const snapshotFormat: Migration = {
  statements: [
    `ALTER TABLE published_snapshots ADD COLUMN format_version text NOT NULL DEFAULT ''`,
  ],
};
