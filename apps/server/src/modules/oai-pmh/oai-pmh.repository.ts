import { sql } from 'kysely';
import type { DatasetVersionState } from '@coral/core';
import type { AppDb } from '../../db/schema';

/**
 * A harvestable record: a public (published or embargoed) version of a dataset. Its datestamp is
 * the latest change of its metadata: its publication, a curator's revision of its description
 * (docs/decisions/0064-metadata-revisions.md) or its owner's in-place edit of it
 * (docs/decisions/0070-metadata-stamp-and-owner-edit-datestamp.md), whichever came last (an
 * incremental harvest must pick each up); or when its dataset was withdrawn (then it is a deleted
 * record, whose metadata are no longer given, so its withdrawal is its last change).
 */
export interface OaiRecordRow {
  version_id: number;
  dataset_id: number;
  number: number;
  project_id: number;
  project_name: string;
  doi: string | null;
  metadata: unknown;
  published_at: Date | null;
  created_at: Date;
  /** The description's latest revision (0: as published) and when it was made. */
  metadata_revision: number;
  metadata_revised_at: Date | null;
  withdrawn_at: Date | null;
  datestamp: Date;
}

export interface OaiRecordFilter {
  publicStates: readonly DatasetVersionState[];
  projectId?: number;
  from?: Date;
  until?: Date;
  versionId?: number;
}

// GREATEST skips nulls: an edit made before the publication (of a draft) does not count.
const DATESTAMP = sql`COALESCE(
  d.withdrawn_at,
  GREATEST(v.published_at, v.metadata_revised_at, v.metadata_edited_at),
  v.created_at)`;

function where(filter: OaiRecordFilter) {
  return sql.join(
    [
      sql`v.state = ANY(${[...filter.publicStates]}::text[])`,
      ...(filter.projectId === undefined ? [] : [sql`d.project_id = ${filter.projectId}`]),
      ...(filter.from === undefined ? [] : [sql`${DATESTAMP} >= ${filter.from.toISOString()}`]),
      ...(filter.until === undefined ? [] : [sql`${DATESTAMP} <= ${filter.until.toISOString()}`]),
      ...(filter.versionId === undefined ? [] : [sql`v.id = ${filter.versionId}`]),
    ],
    sql` AND `,
  );
}

export const oaiPmhRepository = {
  /** One page of records in a stable order (the version's id), and how many match in all. */
  async records(
    db: AppDb,
    filter: OaiRecordFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: OaiRecordRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      sql<OaiRecordRow>`
        SELECT v.id AS version_id, v.dataset_id, v.number, d.project_id, p.name AS project_name,
               v.doi, v.metadata, v.published_at, v.created_at, d.withdrawn_at,
               v.metadata_revision, v.metadata_revised_at,
               ${DATESTAMP} AS datestamp
        FROM dataset_versions v
        JOIN datasets d ON d.id = v.dataset_id
        JOIN projects p ON p.id = d.project_id
        WHERE ${where(filter)}
        ORDER BY v.id
        OFFSET ${page.offset} LIMIT ${page.limit}`.execute(db),
      sql<{ total: number }>`
        SELECT count(*)::int AS total
        FROM dataset_versions v JOIN datasets d ON d.id = v.dataset_id
        WHERE ${where(filter)}`.execute(db),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
  },

  /** The version with this dataset id and number, if public. */
  async versionId(
    db: AppDb,
    datasetId: number,
    number: number,
    publicStates: readonly DatasetVersionState[],
  ): Promise<number | null> {
    const row = await db
      .selectFrom('dataset_versions')
      .select('id')
      .where('dataset_id', '=', datasetId)
      .where('number', '=', number)
      .where('state', 'in', [...publicStates])
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /** The projects with a public dataset version: the repository's sets. */
  async projects(
    db: AppDb,
    publicStates: readonly DatasetVersionState[],
  ): Promise<{ id: number; name: string; description: string }[]> {
    const result = await sql<{ id: number; name: string; description: string }>`
      SELECT p.id, p.name, p.description FROM projects p
      WHERE EXISTS (
        SELECT 1 FROM datasets d JOIN dataset_versions v ON v.dataset_id = d.id
        WHERE d.project_id = p.id AND v.state = ANY(${[...publicStates]}::text[]))
      ORDER BY p.id`.execute(db);
    return result.rows;
  },

  /** The oldest datestamp of any record (Identify's earliestDatestamp). */
  async earliestDatestamp(
    db: AppDb,
    publicStates: readonly DatasetVersionState[],
  ): Promise<Date | string | null> {
    const result = await sql<{ earliest: Date | string | null }>`
      SELECT min(${DATESTAMP}) AS earliest
      FROM dataset_versions v JOIN datasets d ON d.id = v.dataset_id
      WHERE v.state = ANY(${[...publicStates]}::text[])`.execute(db);
    return result.rows[0]?.earliest ?? null;
  },
};
