import { sql } from 'kysely';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
  type ThresholdTableName,
} from '@coral/core';
import type {
  AppDb,
  BiosamplesTable,
  ColoniesTable,
  ExperimentsTable,
  ObservationsTable,
  ProjectPublicationsTable,
  ProjectsTable,
  PublicationsTable,
  ThresholdObservationsTable,
  ThresholdTable,
} from '../../db/schema';

/** A bulk-insert column list naming exactly the columns of a table (checked by the compiler). */
type ColumnsOf<Table> = Record<keyof Table & string, BulkColumnType>;
import {
  allocateIds,
  bulkInsert,
  syncIdSequence,
  type ColumnType as BulkColumnType,
} from '../../db/bulk-insert';
import { beginBulkLoad, type BulkLoad } from '../../db/bulk-load';

/** All SQL that writes the science rows of dataset versions in bulk (seed and uploads). */

export const TABLE_COLUMNS = {
  projects: {
    id: 'int4',
    name: 'text',
    description: 'text',
    registration_date: 'date',
    owner_id: 'int4',
    upload_id: 'int4',
  },
  publications: { id: 'int4', title: 'text', year: 'int4', doi: 'text' },
  experiments: {
    id: 'int4',
    project_id: 'int4',
    name: 'text',
    date: 'date',
    dataset_version_id: 'int4',
  },
  colonies: {
    id: 'int4',
    name: 'text',
    species: 'text',
    country: 'text',
    latitude: 'float8',
    longitude: 'float8',
    owner_id: 'int4',
    upload_id: 'int4',
    dataset_version_id: 'int4',
  },
  biosamples: {
    id: 'int4',
    colony_id: 'int4',
    project_id: 'int4',
    name: 'text',
    collection_date: 'date',
    dataset_version_id: 'int4',
  },
  observations: {
    id: 'int4',
    experiment_id: 'int4',
    biosample_id: 'int4',
    condition: 'text',
    temperature: 'numeric',
    timepoint: 'text',
    pam_value: 'float8',
    dataset_version_id: 'int4',
  },
  threshold: {
    id: 'int4',
    colony_id: 'int4',
    condition: 'text',
    timepoint: 'text',
    abs_value: 'float8',
    rel_value: 'float8',
    sst_clim_mmm: 'float8',
    quality_flags: 'text[]',
    dataset_version_id: 'int4',
    ed_method: 'text',
    ed_model: 'text',
    ed_fit: 'text',
    ed_software: 'text',
  },
} as const satisfies {
  projects: ColumnsOf<ProjectsTable>;
  publications: ColumnsOf<PublicationsTable>;
  experiments: ColumnsOf<ExperimentsTable>;
  colonies: ColumnsOf<ColoniesTable>;
  biosamples: ColumnsOf<BiosamplesTable>;
  observations: ColumnsOf<ObservationsTable>;
  threshold: ColumnsOf<ThresholdTable>;
};

export const projectPublicationColumns = {
  project_id: 'int4',
  publication_id: 'int4',
  dataset_version_id: 'int4',
} as const satisfies ColumnsOf<ProjectPublicationsTable>;
export const thresholdObservationColumns = {
  threshold_id: 'int4',
  observation_id: 'int4',
} as const satisfies ColumnsOf<ThresholdObservationsTable>;

export type DatasetTable =
  | 'projects'
  | 'publications'
  | 'experiments'
  | 'colonies'
  | 'biosamples'
  | 'observations'
  | ThresholdTableName;

/** Every table an import writes in bulk. */
const BULK_TABLES: readonly string[] = [
  'projects',
  'publications',
  'project_publications',
  'experiments',
  'colonies',
  'biosamples',
  'observations',
  ...THRESHOLD_KINDS.flatMap((kind) => [
    THRESHOLD_KIND_INFO[kind].table,
    THRESHOLD_KIND_INFO[kind].observationLinkTable,
  ]),
];

export const datasetRepository = {
  allocateIds,
  bulkInsert,
  syncIdSequence,

  /** The import's tables that are empty load without secondary indexes and foreign keys. */
  beginBulkLoad(db: AppDb): Promise<BulkLoad> {
    return beginBulkLoad(db, BULK_TABLES);
  },

  /** Creates the accounts that do not exist yet (without a password) and returns every id. */
  async ensureUsers(db: AppDb, usernames: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(usernames)];
    if (unique.length === 0) return new Map();
    await sql`
      INSERT INTO users (username) SELECT * FROM unnest(${unique}::text[])
      ON CONFLICT (username) DO NOTHING
    `.execute(db);
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', unique)
      .execute();
    return new Map(rows.map((r) => [r.username, r.id]));
  },

  thresholdTable(kind: ThresholdKind) {
    const { table, observationLinkTable } = THRESHOLD_KIND_INFO[kind];
    return { table, linkTable: observationLinkTable };
  },

  /** The tables an import refreshes the statistics of (PGlite has no autovacuum). */
  analyzedTables(): string[] {
    return [
      'projects',
      'experiments',
      'colonies',
      'biosamples',
      'observations',
      ...THRESHOLD_KINDS.flatMap((kind) => [
        THRESHOLD_KIND_INFO[kind].table,
        THRESHOLD_KIND_INFO[kind].observationLinkTable,
      ]),
    ];
  },

  /**
   * `analyzed`: tables whose statistics are already fresh (a bulk load's); `only`: these tables
   * alone (an import in short steps analyses one table per step).
   */
  async analyzeDatasetTables(
    db: AppDb,
    analyzed: readonly string[] = [],
    only: readonly string[] = datasetRepository.analyzedTables(),
  ): Promise<void> {
    const tables = only.filter((table) => !analyzed.includes(table));
    if (tables.length > 0) await sql.raw(`ANALYZE ${tables.join(', ')}`).execute(db);
  },

  /**
   * The caller's transaction commits without waiting for its WAL to reach the disk: for an
   * import's steps, whose rows nobody sees and which a crash makes the next attempt write again.
   */
  async commitWithoutWaitingForDisk(trx: AppDb): Promise<void> {
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
  },

  /**
   * Deletes up to `limit` rows of a dataset version from one table (their link rows go with them,
   * ON DELETE CASCADE); answers how many. A failed import's rows go in such short steps.
   */
  async deleteVersionRowsStep(
    db: AppDb,
    table: string,
    versionId: number,
    limit: number,
  ): Promise<number> {
    const result = await sql`
      DELETE FROM ${sql.table(table)} WHERE id IN (
        SELECT id FROM ${sql.table(table)} WHERE dataset_version_id = ${versionId} LIMIT ${limit})
    `.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },

  /** The tables holding a version's rows, those referring to others first. */
  versionRowTables(): string[] {
    return [
      ...THRESHOLD_KINDS.map((kind) => THRESHOLD_KIND_INFO[kind].table),
      'observations',
      'biosamples',
      'colonies',
      'experiments',
    ];
  },

  /** Publications only a version refers to (created by its import), with their links. */
  async deletePublicationsOnlyOf(db: AppDb, versionId: number): Promise<void> {
    await sql`
      DELETE FROM publications p
      WHERE p.id IN (SELECT publication_id FROM project_publications WHERE dataset_version_id = ${versionId})
        AND NOT EXISTS (SELECT 1 FROM project_publications pp
                        WHERE pp.publication_id = p.id AND pp.dataset_version_id IS DISTINCT FROM ${versionId})
    `.execute(db);
  },

  /** Projects an upload created that no dataset refers to any more (its import failed). */
  async deleteUnusedProjectsOf(db: AppDb, uploadId: number): Promise<void> {
    await sql`
      DELETE FROM projects p WHERE p.upload_id = ${uploadId}
        AND NOT EXISTS (SELECT 1 FROM datasets d WHERE d.project_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM biosamples b WHERE b.project_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM experiments e WHERE e.project_id = p.id)
    `.execute(db);
  },

  /** Serialises seeding between processes starting together on one PostgreSQL server. */
  async lockSeeding(db: AppDb): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('coral-platform:seed'))`.execute(db);
  },

  async hasAnyDataset(db: AppDb): Promise<boolean> {
    const row = await db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  },
};
