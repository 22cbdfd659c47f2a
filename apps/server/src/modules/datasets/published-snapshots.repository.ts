import { sql } from 'kysely';
import type { AppDb } from '../../db/database';

export type SnapshotName = 'colonies' | 'statistics';

export const publishedSnapshotsRepository = {
  /** The snapshot built for exactly this dataset version, if any. */
  async find(db: AppDb, name: SnapshotName, version: number): Promise<Buffer | undefined> {
    const row = await db
      .selectFrom('published_snapshots')
      .select('content')
      .where('name', '=', name)
      .where('dataset_version', '=', version)
      .executeTakeFirst();
    return row?.content;
  },

  async save(db: AppDb, name: SnapshotName, version: number, content: Buffer): Promise<void> {
    await sql`
      INSERT INTO published_snapshots (name, dataset_version, content)
      VALUES (${name}, ${version}, ${content})
      ON CONFLICT (name) DO UPDATE
        SET dataset_version = EXCLUDED.dataset_version, content = EXCLUDED.content, created_at = now()
        WHERE published_snapshots.dataset_version <= EXCLUDED.dataset_version
    `.execute(db);
  },
};
