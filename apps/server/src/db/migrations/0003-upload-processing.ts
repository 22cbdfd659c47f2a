import type { Migration } from './migration';

/**
 * Upload processing (docs/decisions/0007-upload-processing.md): what the worker records
 * about an upload besides its status, a guard against queueing the same files twice, and the
 * index the MMM look-up by coordinates uses. The job queue (pg-boss) keeps its own schema.
 */
export const uploadProcessing: Migration = {
  statements: [
    `ALTER TABLE uploads
       ADD COLUMN format text CHECK (format IN ('standard', 'raw')),
       ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]',
       ADD COLUMN column_mapping jsonb NOT NULL DEFAULT '[]',
       ADD COLUMN project_ids integer[] NOT NULL DEFAULT '{}'`,
    // The same two files from the same user are queued once (a failed upload may be retried).
    `CREATE UNIQUE INDEX uploads_same_files_idx
       ON uploads (owner_id, main_file_sha256, (COALESCE(ed_file_sha256, '')))
       WHERE status <> 'failed'`,
    `CREATE INDEX colonies_location_idx ON colonies (latitude, longitude)`,
    `CREATE INDEX colonies_upload_idx ON colonies (upload_id)`,
  ],
};
