import { sql } from 'kysely';
import { thresholdKindInfos, type ThresholdKind } from '@coral/core';
import type { AppDb } from '../../db/database';
import { allocateIds, bulkInsert, syncIdSequence } from './bulk-insert';

/** All SQL that writes datasets (seed and uploads) and the dataset version. */

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
  experiments: { id: 'int4', project_id: 'int4', name: 'text', date: 'date' },
  colonies: {
    id: 'int4',
    name: 'text',
    species: 'text',
    country: 'text',
    latitude: 'float8',
    longitude: 'float8',
    owner_id: 'int4',
    upload_id: 'int4',
  },
  biosamples: {
    id: 'int4',
    colony_id: 'int4',
    project_id: 'int4',
    name: 'text',
    collection_date: 'date',
  },
  observations: {
    id: 'int4',
    experiment_id: 'int4',
    biosample_id: 'int4',
    condition: 'text',
    temperature: 'numeric',
    timepoint: 'text',
    pam_value: 'float8',
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
  },
} as const;

export const projectPublicationColumns = { project_id: 'int4', publication_id: 'int4' } as const;
export const thresholdObservationColumns = {
  threshold_id: 'int4',
  observation_id: 'int4',
} as const;

export type DatasetTable =
  | 'projects'
  | 'publications'
  | 'experiments'
  | 'colonies'
  | 'biosamples'
  | 'observations'
  | (typeof thresholdKindInfos)[number]['table'];

export const datasetRepository = {
  allocateIds,
  bulkInsert,
  syncIdSequence,

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
    const info = thresholdKindInfos.find((i) => i.kind === kind)!;
    return { table: info.table, linkTable: info.observationLinkTable };
  },

  /** Marks a data change: statistics' last_updated and the feeds' caches follow it. */
  async bumpDatasetVersion(db: AppDb, options: { seeded?: boolean } = {}): Promise<void> {
    await sql`
      UPDATE dataset_state
      SET version = version + 1,
          updated_at = now(),
          seeded_at = CASE WHEN ${options.seeded ?? false} THEN now() ELSE seeded_at END
    `.execute(db);
  },

  async analyzeDatasetTables(db: AppDb): Promise<void> {
    const tables = [
      'projects',
      'experiments',
      'colonies',
      'biosamples',
      'observations',
      ...thresholdKindInfos.flatMap((i) => [i.table, i.observationLinkTable]),
    ];
    await sql.raw(`ANALYZE ${tables.join(', ')}`).execute(db);
  },

  async datasetState(db: AppDb) {
    return db
      .selectFrom('dataset_state')
      .select(['version', 'updated_at', 'seeded_at'])
      .executeTakeFirstOrThrow();
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
