import { sql } from 'kysely';
import type { AppDb } from '../../db/schema';

/**
 * The staging datasets of imports in progress (docs/decisions/0059-embedded-database-no-freeze.md):
 * an upload's rows are imported in short steps into a dataset without owner, withdrawn, which no
 * reader's condition admits, and become the uploader's draft in one last transaction.
 */
export const datasetStagingRepository = {
  /**
   * A dataset an upload's rows are imported into before anyone may see them: no owner, and
   * withdrawn with `reason` (every reader's condition, owners' included, excludes it).
   */
  async insertStagingDataset(db: AppDb, projectId: number, reason: string): Promise<number> {
    const row = await db
      .insertInto('datasets')
      .values({
        project_id: projectId,
        owner_id: null,
        withdrawn_at: sql`now()`,
        withdrawal_reason: reason,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The staging dataset becomes the uploader's new dataset, as if created now. */
  async adoptStagingDataset(db: AppDb, datasetId: number, ownerId: number): Promise<void> {
    await db
      .updateTable('datasets')
      .set({
        owner_id: ownerId,
        withdrawn_at: null,
        withdrawal_reason: null,
        created_at: sql`now()`,
      })
      .where('id', '=', datasetId)
      .execute();
  },

  /** A staged version moves into the dataset it is a new version of. */
  async moveVersion(
    db: AppDb,
    versionId: number,
    values: { datasetId: number; number: number; metadata: unknown },
  ): Promise<void> {
    await db
      .updateTable('dataset_versions')
      .set({
        dataset_id: values.datasetId,
        number: values.number,
        metadata: JSON.stringify(values.metadata),
        created_at: sql`now()`,
      })
      .where('id', '=', versionId)
      .execute();
  },

  /** The staging datasets (`reason`) and versions of an upload's unfinished imports. */
  async stagedVersionsOf(
    db: AppDb,
    uploadId: number,
    reason: string,
  ): Promise<{ dataset_id: number; version_id: number }[]> {
    const { rows } = await sql<{ dataset_id: number; version_id: number }>`
      SELECT d.id AS dataset_id, v.id AS version_id
      FROM datasets d JOIN dataset_versions v ON v.dataset_id = d.id
      WHERE d.owner_id IS NULL AND d.withdrawal_reason = ${reason} AND v.upload_id = ${uploadId}
      ORDER BY v.id
    `.execute(db);
    return rows;
  },

  /** Every upload with an unfinished import in a staging dataset (`reason`). */
  async uploadsWithStagedVersions(db: AppDb, reason: string): Promise<number[]> {
    const { rows } = await sql<{ upload_id: number }>`
      SELECT DISTINCT v.upload_id FROM datasets d JOIN dataset_versions v ON v.dataset_id = d.id
      WHERE d.owner_id IS NULL AND d.withdrawal_reason = ${reason} AND v.upload_id IS NOT NULL
      ORDER BY v.upload_id
    `.execute(db);
    return rows.map((row) => row.upload_id);
  },
};
