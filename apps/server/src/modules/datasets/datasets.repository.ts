import { sql, type Selectable } from 'kysely';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DatasetEventAction,
  type DatasetVersionState,
  type ThresholdKind,
} from '@coral/core';
import type { AppDb, DatasetVersionsTable, DatasetsTable } from '../../db/schema';

/** All SQL about datasets, their versions and their history (decision 0012). */

export type DatasetRow = Selectable<DatasetsTable> & {
  project_name: string;
  owner_username: string | null;
  owner_orcid: string | null;
  withdrawn_by_username: string | null;
};
export type VersionRow = Selectable<DatasetVersionsTable>;

export interface EventRow {
  created_at: Date;
  actor_username: string | null;
  action: DatasetEventAction;
  version_number: number | null;
  message: string | null;
  changes: unknown;
  revision: number | null;
}

export interface VersionCountsRow {
  version_id: number;
  colonies: number;
  observations: number;
  thresholds: number;
  species: string[];
  countries: string[];
}

/** One stored threshold of a version, as change summaries compare them. */
export interface VersionThresholdRow {
  colony_name: string;
  species: string;
  kind: ThresholdKind;
  condition: string | null;
  timepoint: string | null;
  abs_value: number | null;
}

export interface VersionColonyRow {
  name: string;
  species: string;
  latitude: number;
  longitude: number;
  country: string;
}

/** A dataset summary's version: the shown one (public, else the newest for owners/curators). */
export interface ListedVersionRow {
  dataset_id: number;
  version_id: number;
}

const datasetColumns = sql`
  d.*, p.name AS project_name, u.username AS owner_username, u.orcid AS owner_orcid,
  w.username AS withdrawn_by_username`;
const datasetJoins = sql`
  JOIN projects p ON p.id = d.project_id
  LEFT JOIN users u ON u.id = d.owner_id
  LEFT JOIN users w ON w.id = d.withdrawn_by`;

const thresholdUnion = (versionIds: readonly number[]) =>
  sql.join(
    THRESHOLD_KINDS.map(
      (kind) => sql`
        SELECT ${kind}::text AS kind, t.colony_id, t.condition, t.timepoint, t.abs_value,
               t.dataset_version_id
        FROM ${sql.table(THRESHOLD_KIND_INFO[kind].table)} t
        WHERE t.dataset_version_id = ANY(${[...versionIds]}::int[])`,
    ),
    sql` UNION ALL `,
  );

export const datasetsRepository = {
  async insertDataset(
    db: AppDb,
    values: { projectId: number; ownerId: number | null; createdAt?: string },
  ): Promise<number> {
    const row = await db
      .insertInto('datasets')
      .values({
        project_id: values.projectId,
        owner_id: values.ownerId,
        ...(values.createdAt ? { created_at: values.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async insertVersion(
    db: AppDb,
    values: {
      datasetId: number;
      number: number;
      state: DatasetVersionState;
      uploadId: number | null;
      metadata: unknown;
      createdAt?: string;
    },
  ): Promise<number> {
    const row = await db
      .insertInto('dataset_versions')
      .values({
        dataset_id: values.datasetId,
        number: values.number,
        state: values.state,
        upload_id: values.uploadId,
        metadata: JSON.stringify(values.metadata),
        ...(values.createdAt ? { created_at: values.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async nextVersionNumber(db: AppDb, datasetId: number): Promise<number> {
    const row = await db
      .selectFrom('dataset_versions')
      .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
      .where('dataset_id', '=', datasetId)
      .executeTakeFirstOrThrow();
    return Number(row.next);
  },

  async findDataset(db: AppDb, id: number): Promise<DatasetRow | undefined> {
    const { rows } = await sql<DatasetRow>`
      SELECT ${datasetColumns} FROM datasets d ${datasetJoins} WHERE d.id = ${id}
    `.execute(db);
    return rows[0];
  },

  /** Several datasets by id in one query (lists would otherwise load them row by row). */
  async findDatasets(db: AppDb, ids: readonly number[]): Promise<Map<number, DatasetRow>> {
    if (ids.length === 0) return new Map();
    const { rows } = await sql<DatasetRow>`
      SELECT ${datasetColumns} FROM datasets d ${datasetJoins} WHERE d.id = ANY(${[...ids]}::int[])
    `.execute(db);
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** Locks the dataset row for a state change (two curators clicking at once act one by one). */
  async lockDataset(db: AppDb, id: number): Promise<DatasetRow | undefined> {
    await sql`SELECT id FROM datasets WHERE id = ${id} FOR UPDATE`.execute(db);
    return this.findDataset(db, id);
  },

  async versions(db: AppDb, datasetId: number): Promise<VersionRow[]> {
    return db
      .selectFrom('dataset_versions')
      .selectAll()
      .where('dataset_id', '=', datasetId)
      .orderBy('number')
      .execute();
  },

  async versionById(db: AppDb, id: number): Promise<VersionRow | undefined> {
    return db.selectFrom('dataset_versions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Several versions by id in one query. */
  async versionsByIds(db: AppDb, ids: readonly number[]): Promise<Map<number, VersionRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('dataset_versions')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  },

  async updateVersion(
    db: AppDb,
    id: number,
    values: Partial<{
      state: DatasetVersionState;
      metadata: unknown;
      submitted_at: 'now' | null;
      published_at: 'now';
      metadata_edited_at: 'now';
      review_message: string | null;
      change_summary: unknown;
      doi: string;
    }>,
  ): Promise<void> {
    const set: Record<string, unknown> = {};
    if (values.state !== undefined) set.state = values.state;
    if (values.metadata !== undefined) set.metadata = JSON.stringify(values.metadata);
    if (values.review_message !== undefined) set.review_message = values.review_message;
    if (values.change_summary !== undefined) {
      set.change_summary =
        values.change_summary === null ? null : JSON.stringify(values.change_summary);
    }
    if (values.doi !== undefined) set.doi = values.doi;
    if (values.submitted_at !== undefined) {
      set.submitted_at = values.submitted_at === null ? null : sql`now()`;
    }
    if (values.published_at !== undefined) set.published_at = sql`now()`;
    if (values.metadata_edited_at !== undefined) set.metadata_edited_at = sql`now()`;
    await db.updateTable('dataset_versions').set(set).where('id', '=', id).execute();
  },

  async setPublicVersion(db: AppDb, datasetId: number, versionId: number | null): Promise<void> {
    await db
      .updateTable('datasets')
      .set({ public_version_id: versionId })
      .where('id', '=', datasetId)
      .execute();
  },

  async setDoi(db: AppDb, datasetId: number, doi: string): Promise<void> {
    await db.updateTable('datasets').set({ doi }).where('id', '=', datasetId).execute();
  },

  async withdraw(db: AppDb, datasetId: number, byUserId: number, reason: string): Promise<void> {
    await db
      .updateTable('datasets')
      .set({
        withdrawn_at: sql`now()`,
        withdrawn_by: byUserId,
        withdrawal_reason: reason,
        // public_version_id is left to refreshPublicVersion, which records the data change
        // (colony feed, statistics) when it clears it.
      })
      .where('id', '=', datasetId)
      .execute();
  },

  /** Deletes a version with every row it holds (the science rows cascade). */
  async deleteVersion(db: AppDb, versionId: number): Promise<void> {
    await db.deleteFrom('dataset_versions').where('id', '=', versionId).execute();
  },

  async deleteDataset(db: AppDb, datasetId: number): Promise<void> {
    await db.deleteFrom('datasets').where('id', '=', datasetId).execute();
  },

  async insertEvent(
    db: AppDb,
    event: {
      datasetId: number;
      versionNumber: number | null;
      actorId: number | null;
      action: DatasetEventAction;
      message?: string | null;
      changes?: unknown;
      /** The metadata revision the entry records (decision 0064). */
      revision?: number;
    },
  ): Promise<void> {
    await db
      .insertInto('dataset_events')
      .values({
        dataset_id: event.datasetId,
        version_number: event.versionNumber,
        actor_id: event.actorId,
        action: event.action,
        message: event.message ?? null,
        changes: event.changes === undefined ? null : JSON.stringify(event.changes),
        revision: event.revision ?? null,
      })
      .execute();
  },

  async events(db: AppDb, datasetId: number): Promise<EventRow[]> {
    const { rows } = await sql<EventRow>`
      SELECT e.created_at, u.username AS actor_username, e.action, e.version_number, e.message,
             e.changes, e.revision
      FROM dataset_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.dataset_id = ${datasetId}
      ORDER BY e.id
    `.execute(db);
    return rows;
  },

  /** What each version holds: colonies, observations, thresholds, species and countries. */
  async versionCounts(db: AppDb, versionIds: readonly number[]): Promise<VersionCountsRow[]> {
    if (versionIds.length === 0) return [];
    const ids = sql`${[...versionIds]}::int[]`;
    const { rows } = await sql<VersionCountsRow>`
      SELECT v.id AS version_id,
             (SELECT count(*)::int FROM colonies c WHERE c.dataset_version_id = v.id) AS colonies,
             (SELECT count(*)::int FROM observations o WHERE o.dataset_version_id = v.id)
               AS observations,
             (SELECT count(*)::int FROM (${thresholdUnion(versionIds)}) t
               WHERE t.dataset_version_id = v.id) AS thresholds,
             coalesce((SELECT array_agg(DISTINCT c.species ORDER BY c.species) FROM colonies c
               WHERE c.dataset_version_id = v.id), '{}') AS species,
             coalesce((SELECT array_agg(DISTINCT c.country ORDER BY c.country) FROM colonies c
               WHERE c.dataset_version_id = v.id), '{}') AS countries
      FROM dataset_versions v WHERE v.id = ANY(${ids})
    `.execute(db);
    return rows;
  },

  async versionColonies(db: AppDb, versionId: number): Promise<VersionColonyRow[]> {
    return db
      .selectFrom('colonies')
      .select(['name', 'species', 'latitude', 'longitude', 'country'])
      .where('dataset_version_id', '=', versionId)
      .execute();
  },

  async versionThresholds(db: AppDb, versionId: number): Promise<VersionThresholdRow[]> {
    const { rows } = await sql<VersionThresholdRow>`
      SELECT c.name AS colony_name, c.species, t.kind, t.condition, t.timepoint, t.abs_value
      FROM (${thresholdUnion([versionId])}) t JOIN colonies c ON c.id = t.colony_id
    `.execute(db);
    return rows;
  },

  /**
   * Datasets with a version in one of `publicStates`, or withdrawn after having one, each with
   * its newest such version; newest first.
   */
  async listPublic(
    db: AppDb,
    filter: { projectId?: number; query?: string },
    publicStates: readonly DatasetVersionState[],
  ): Promise<ListedVersionRow[]> {
    const pattern = filter.query ? `%${filter.query.replace(/[\\%_]/g, '\\$&')}%` : null;
    const { rows } = await sql<ListedVersionRow>`
      SELECT d.id AS dataset_id, v.id AS version_id
      FROM datasets d
      JOIN LATERAL (
        SELECT v.id, v.metadata FROM dataset_versions v
        WHERE v.dataset_id = d.id AND v.state = ANY(${[...publicStates]}::text[])
        ORDER BY v.number DESC LIMIT 1
      ) v ON true
      WHERE (${filter.projectId ?? null}::int IS NULL OR d.project_id = ${filter.projectId ?? null})
        AND (${pattern}::text IS NULL
          OR v.metadata->>'title' ILIKE ${pattern}
          OR v.metadata->>'description' ILIKE ${pattern}
          OR (v.metadata->'creators')::text ILIKE ${pattern}
          OR (v.metadata->'keywords')::text ILIKE ${pattern}
          OR EXISTS (SELECT 1 FROM colonies c
                     WHERE c.dataset_version_id = d.public_version_id AND c.species ILIKE ${pattern}))
      ORDER BY d.id DESC
    `.execute(db);
    return rows;
  },

  /** Every dataset of an owner with its newest version, whatever its state. */
  async listOwned(db: AppDb, ownerId: number): Promise<ListedVersionRow[]> {
    const { rows } = await sql<ListedVersionRow>`
      SELECT d.id AS dataset_id,
             (SELECT v.id FROM dataset_versions v WHERE v.dataset_id = d.id
              ORDER BY v.number DESC LIMIT 1) AS version_id
      FROM datasets d WHERE d.owner_id = ${ownerId}
      ORDER BY d.id DESC
    `.execute(db);
    return rows.filter((row) => row.version_id !== null);
  },

  /** The versions in one of `states` (those awaiting a review), oldest submission first. */
  async versionsIn(db: AppDb, states: readonly DatasetVersionState[]): Promise<ListedVersionRow[]> {
    const { rows } = await sql<ListedVersionRow>`
      SELECT v.dataset_id, v.id AS version_id FROM dataset_versions v
      WHERE v.state = ANY(${[...states]}::text[])
      ORDER BY v.submitted_at, v.id
    `.execute(db);
    return rows;
  },

  /**
   * Versions in one of `embargoStates` whose embargo date has come (today's date as the database
   * sees it).
   */
  async embargoesDue(
    db: AppDb,
    embargoStates: readonly DatasetVersionState[],
  ): Promise<{ dataset_id: number; version_id: number }[]> {
    const { rows } = await sql<{ dataset_id: number; version_id: number }>`
      SELECT v.dataset_id, v.id AS version_id FROM dataset_versions v
      WHERE v.state = ANY(${[...embargoStates]}::text[])
        AND (v.metadata->>'embargo_until')::date <= CURRENT_DATE
      ORDER BY v.id
    `.execute(db);
    return rows;
  },

  /** An owner's versions in one of `states`, of datasets not withdrawn. */
  async ownVersionsIn(
    db: AppDb,
    ownerId: number,
    states: readonly DatasetVersionState[],
  ): Promise<VersionRow[]> {
    const { rows } = await sql<VersionRow>`
      SELECT v.* FROM dataset_versions v JOIN datasets d ON d.id = v.dataset_id
      WHERE d.owner_id = ${ownerId} AND d.withdrawn_at IS NULL
        AND v.state = ANY(${[...states]}::text[])
      ORDER BY v.id
    `.execute(db);
    return rows;
  },

  /** The dataset version of each colony. */
  async versionOfColonies(db: AppDb, colonyIds: readonly number[]): Promise<Map<number, number>> {
    if (colonyIds.length === 0) return new Map();
    const { rows } = await sql<{ id: number; dataset_version_id: number }>`
      SELECT id, dataset_version_id FROM colonies WHERE id = ANY(${[...colonyIds]}::int[])
    `.execute(db);
    return new Map(rows.map((row) => [row.id, row.dataset_version_id]));
  },

  async datasetsOfProject(db: AppDb, projectId: number): Promise<ListedVersionRow[]> {
    const { rows } = await sql<ListedVersionRow>`
      SELECT d.id AS dataset_id, d.public_version_id AS version_id FROM datasets d
      WHERE d.project_id = ${projectId} AND d.public_version_id IS NOT NULL
      ORDER BY d.id
    `.execute(db);
    return rows;
  },

  /** What a seed dataset is described with: its project. */
  /** An account's username and linked ORCID iD (a dataset's creator, decision 0029). */
  async userIdentity(db: AppDb, userId: number) {
    return db
      .selectFrom('users')
      .select(['username', 'orcid', 'orcid_name'])
      .where('id', '=', userId)
      .executeTakeFirst();
  },

  async projectFacts(db: AppDb, projectId: number) {
    const { rows } = await sql<{
      name: string;
      description: string;
      registration_date: string;
      owner_id: number | null;
      owner_username: string | null;
    }>`
      SELECT p.name, p.description, p.registration_date::text, p.owner_id,
             u.username AS owner_username
      FROM projects p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = ${projectId}
    `.execute(db);
    return rows[0];
  },

  /** A version public as it was imported (the seed): in `state` since it was created. */
  async publishImported(db: AppDb, versionId: number, state: DatasetVersionState): Promise<void> {
    await sql`
      UPDATE dataset_versions SET state = ${state}, published_at = created_at
      WHERE id = ${versionId}
    `.execute(db);
  },

  async markUploadDiscarded(db: AppDb, uploadId: number): Promise<void> {
    await db
      .updateTable('uploads')
      .set({ status: 'discarded', dataset_version_id: null })
      .where('id', '=', uploadId)
      .execute();
  },
};
