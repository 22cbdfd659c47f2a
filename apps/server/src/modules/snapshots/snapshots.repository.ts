import { sql, type Selectable } from 'kysely';
import type { AppDb, CitableSnapshotsTable } from '../../db/schema';

export type SnapshotRow = Selectable<CitableSnapshotsTable>;

export interface NewSnapshot {
  id: string;
  createdAt: Date;
  createdBy: number;
  source: SnapshotRow['source'];
  description: string;
  query: unknown;
  dataVersion: number;
  hideFlagged: boolean;
  colonyIds: readonly number[];
  datasets: unknown;
  softwareVersion: string;
  contentHash: string;
}

/** All SQL of citable snapshots (docs/downloads.md). Snapshots are never updated. */
export const snapshotsRepository = {
  async insert(db: AppDb, snapshot: NewSnapshot): Promise<void> {
    await db
      .insertInto('citable_snapshots')
      .values({
        id: snapshot.id,
        created_at: snapshot.createdAt,
        created_by: snapshot.createdBy,
        source: snapshot.source,
        description: snapshot.description,
        query: JSON.stringify(snapshot.query),
        data_version: snapshot.dataVersion,
        hide_flagged: snapshot.hideFlagged,
        colony_ids: [...snapshot.colonyIds],
        datasets: JSON.stringify(snapshot.datasets),
        software_version: snapshot.softwareVersion,
        content_hash: snapshot.contentHash,
      })
      .execute();
  },

  async find(db: AppDb, id: string): Promise<SnapshotRow | undefined> {
    return db.selectFrom('citable_snapshots').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** How many snapshots a user made since a moment (the creation limit). */
  async countSince(db: AppDb, userId: number, since: Date): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM citable_snapshots
      WHERE created_by = ${userId} AND created_at > ${since}
    `.execute(db);
    return rows[0]?.count ?? 0;
  },

  /** Of the given dataset versions, those whose dataset has been withdrawn since. */
  async withdrawnVersionIds(db: AppDb, versionIds: readonly number[]): Promise<Set<number>> {
    if (versionIds.length === 0) return new Set();
    const { rows } = await sql<{ id: number }>`
      SELECT v.id FROM dataset_versions v JOIN datasets d ON d.id = v.dataset_id
      WHERE v.id = ANY(${[...versionIds]}::int[]) AND d.withdrawn_at IS NOT NULL
    `.execute(db);
    return new Set(rows.map((row) => row.id));
  },

  /** Of the given colonies, those of the given dataset versions. */
  async coloniesOfVersions(
    db: AppDb,
    colonyIds: readonly number[],
    versionIds: readonly number[],
  ): Promise<Set<number>> {
    if (colonyIds.length === 0 || versionIds.length === 0) return new Set();
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM colonies
      WHERE id = ANY(${[...colonyIds]}::int[]) AND dataset_version_id = ANY(${[...versionIds]}::int[])
    `.execute(db);
    return new Set(rows.map((row) => row.id));
  },
};
