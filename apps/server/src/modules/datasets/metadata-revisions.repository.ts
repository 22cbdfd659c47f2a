import { sql } from 'kysely';
import type { AppDb } from '../../db/schema';

/** One stored metadata revision (decision 0064) with its curator's username. */
export interface RevisionRow {
  number: number;
  previous_metadata: unknown;
  metadata: unknown;
  changes: unknown;
  note: string;
  licence_source: string | null;
  curator: string | null;
  created_at: Date;
}

/**
 * The SQL of metadata revisions (docs/decisions/0064-metadata-revisions.md): rows are only
 * added, never changed; the version's `metadata` and revision number follow the latest.
 */
export const metadataRevisionsRepository = {
  /** Records a revision and makes it the version's description; answers when it was made. */
  async insertRevision(
    db: AppDb,
    revision: {
      versionId: number;
      number: number;
      previousMetadata: unknown;
      metadata: unknown;
      changes: unknown;
      note: string;
      licenceSource: string | null;
      actorId: number | null;
    },
  ): Promise<Date> {
    const { created_at: at } = await db
      .insertInto('dataset_metadata_revisions')
      .values({
        dataset_version_id: revision.versionId,
        number: revision.number,
        previous_metadata: JSON.stringify(revision.previousMetadata),
        metadata: JSON.stringify(revision.metadata),
        changes: JSON.stringify(revision.changes),
        note: revision.note,
        licence_source: revision.licenceSource,
        actor_id: revision.actorId,
      })
      .returning('created_at')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('dataset_versions')
      .set({
        metadata: JSON.stringify(revision.metadata),
        metadata_revision: revision.number,
        metadata_revised_at: at,
      })
      .where('id', '=', revision.versionId)
      .execute();
    return at;
  },

  /** A version's revisions, oldest first. */
  async revisions(db: AppDb, versionId: number): Promise<RevisionRow[]> {
    const { rows } = await sql<RevisionRow>`
      SELECT r.number, r.previous_metadata, r.metadata, r.changes, r.note, r.licence_source,
             u.username AS curator, r.created_at
      FROM dataset_metadata_revisions r LEFT JOIN users u ON u.id = r.actor_id
      WHERE r.dataset_version_id = ${versionId}
      ORDER BY r.number
    `.execute(db);
    return rows;
  },
};
