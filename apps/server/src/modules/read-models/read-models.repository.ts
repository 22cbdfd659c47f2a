import { sql, type Selectable } from 'kysely';
import type { AppDb } from '../../db/database';
import type { DatasetStateTable } from '../../db/schema';

export type DatasetStateRow = Pick<
  Selectable<DatasetStateTable>,
  'version' | 'updated_at' | 'seeded_at'
>;

/** The read models stored in published_snapshots. */
export type SnapshotName = 'colonies' | 'statistics';

/** All SQL of the dataset version (dataset_state) and the published snapshots. */
export const readModelsRepository = {
  async datasetState(db: AppDb): Promise<DatasetStateRow> {
    return db
      .selectFrom('dataset_state')
      .select(['version', 'updated_at', 'seeded_at'])
      .executeTakeFirstOrThrow();
  },

  /** Marks a data change; returns the new version. */
  async bumpDataVersion(db: AppDb, options: { seeded?: boolean } = {}): Promise<number> {
    const { rows } = await sql<{ version: number }>`
      UPDATE dataset_state
      SET version = version + 1,
          updated_at = now(),
          seeded_at = CASE WHEN ${options.seeded ?? false} THEN now() ELSE seeded_at END
      RETURNING version
    `.execute(db);
    return rows[0]!.version;
  },

  /** The snapshot built for exactly this dataset version in exactly this format, if any. */
  async findSnapshot(
    db: AppDb,
    name: SnapshotName,
    version: number,
    format: string,
  ): Promise<Buffer | undefined> {
    const row = await db
      .selectFrom('published_snapshots')
      .select('content')
      .where('name', '=', name)
      .where('dataset_version', '=', version)
      .where('format_version', '=', format)
      .executeTakeFirst();
    return row?.content;
  },

  /** Stores a snapshot unless a newer dataset version's is already there. */
  async saveSnapshot(
    db: AppDb,
    name: SnapshotName,
    version: number,
    format: string,
    content: Buffer,
  ): Promise<void> {
    await sql`
      INSERT INTO published_snapshots (name, dataset_version, format_version, content)
      VALUES (${name}, ${version}, ${format}, ${content})
      ON CONFLICT (name) DO UPDATE
        SET dataset_version = EXCLUDED.dataset_version,
            format_version = EXCLUDED.format_version,
            content = EXCLUDED.content,
            created_at = now()
        WHERE published_snapshots.dataset_version <= EXCLUDED.dataset_version
    `.execute(db);
  },
};
