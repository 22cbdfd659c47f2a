import type { Migration } from './migration';

/**
 * Changes of public metadata that are not changes of data
 * (docs/decisions/0070-metadata-stamp-and-owner-edit-datestamp.md):
 *
 * - `dataset_state.metadata_stamp` counts curators' metadata revisions beside the data version,
 *   in the one row every cached read already reads, so the footer's summary keys its cache by
 *   both without a `max()` over the revisions on every request. It starts at the revisions made
 *   so far (their highest id), so a summary cached before the migration is not taken for current.
 * - `dataset_versions.metadata_edited_at` is the time of the owner's latest in-place edit of the
 *   description (decision 0012), so an OAI-PMH record's datestamp moves with it as it does with a
 *   curator's revision. Filled from the history's `metadata_edited` entries.
 */
export const metadataStampAndOwnerEdits: Migration = {
  statements: [
    `ALTER TABLE dataset_state ADD COLUMN metadata_stamp integer NOT NULL DEFAULT 0`,
    `UPDATE dataset_state
        SET metadata_stamp = (SELECT coalesce(max(id), 0) FROM dataset_metadata_revisions)`,
    `ALTER TABLE dataset_versions ADD COLUMN metadata_edited_at timestamptz`,
    `UPDATE dataset_versions v SET metadata_edited_at = e.at
       FROM (SELECT dataset_id, version_number, max(created_at) AS at FROM dataset_events
             WHERE action = 'metadata_edited' AND version_number IS NOT NULL
             GROUP BY dataset_id, version_number) e
      WHERE e.dataset_id = v.dataset_id AND e.version_number = v.number`,
  ],
};
