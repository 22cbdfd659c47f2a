import { sql, type Selectable } from 'kysely';
import { THRESHOLD_KIND_INFO, type UploadFormat, type UploadStatus } from '@coral/core';
import type { AppDb, UploadsTable } from '../../db/schema';
import { isPublicRow } from '../../db/visibility';

/** An upload as read from the database, with the dataset version it became (if any). */
export type UploadRow = Selectable<UploadsTable> & {
  dataset_id: number | null;
  dataset_number: number | null;
  /** The version's title ('' while a draft has none) and its dataset's project. */
  dataset_title: string | null;
  project_id: number | null;
  project_name: string | null;
};

const uploadWithDataset = sql`
  SELECT u.*, v.dataset_id, v.number AS dataset_number, v.metadata->>'title' AS dataset_title,
         p.id AS project_id, p.name AS project_name
  FROM uploads u
  LEFT JOIN dataset_versions v ON v.id = u.dataset_version_id
  LEFT JOIN datasets d ON d.id = v.dataset_id
  LEFT JOIN projects p ON p.id = d.project_id`;

export interface NewUpload {
  ownerId: number;
  main: { name: string; path: string; sha256: string; bytes: number };
  ed: { name: string; path: string; sha256: string; bytes: number } | null;
  format: UploadFormat | null;
  status?: UploadStatus;
  /** A new dataset, or a version of one, with its metadata (ZUploadDatasetRequest). */
  datasetRequest?: unknown;
}

export interface UploadResult {
  status: 'done' | 'failed';
  message: string;
  counts: Record<string, unknown>;
  errors?: unknown[];
  flags?: unknown[];
  warnings?: unknown[];
  columnMapping?: unknown[];
  format?: UploadFormat | null;
  projectIds?: number[];
}

const json = (value: unknown) => JSON.stringify(value ?? []);

/** All SQL of uploads: the upload records, and what the worker reads to build a bundle. */
/** Every colony assayed has an ED50: its table is where MMMs and species' typical values are read. */
const ED50_TABLE = sql.table(THRESHOLD_KIND_INFO.ed50.table);

export const uploadsRepository = {
  /** A queued, running or finished (not failed) upload of the same two files by the same user. */
  async findSameFiles(db: AppDb, ownerId: number, mainSha: string, edSha: string | null) {
    return db
      .selectFrom('uploads')
      .select(['id', 'status'])
      .where('owner_id', '=', ownerId)
      .where('main_file_sha256', '=', mainSha)
      .where(sql<string>`COALESCE(ed_file_sha256, '')`, '=', edSha ?? '')
      .where('status', '<>', 'failed')
      .orderBy('id')
      .executeTakeFirst();
  },

  async insert(db: AppDb, upload: NewUpload): Promise<number> {
    const row = await db
      .insertInto('uploads')
      .values({
        owner_id: upload.ownerId,
        status: upload.status ?? 'queued',
        main_file_name: upload.main.name,
        main_file_path: upload.main.path,
        main_file_sha256: upload.main.sha256,
        main_file_bytes: upload.main.bytes,
        ed_file_name: upload.ed?.name ?? null,
        ed_file_path: upload.ed?.path ?? null,
        ed_file_sha256: upload.ed?.sha256 ?? null,
        ed_file_bytes: upload.ed?.bytes ?? null,
        format: upload.format,
        dataset_request:
          upload.datasetRequest === undefined ? null : JSON.stringify(upload.datasetRequest),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async listByOwner(db: AppDb, ownerId: number): Promise<UploadRow[]> {
    const { rows } = await sql<UploadRow>`
      ${uploadWithDataset} WHERE u.owner_id = ${ownerId} ORDER BY u.created_at DESC, u.id DESC
    `.execute(db);
    return rows;
  },

  async findForOwner(db: AppDb, ownerId: number, id: number): Promise<UploadRow | undefined> {
    const { rows } = await sql<UploadRow>`
      ${uploadWithDataset} WHERE u.id = ${id} AND u.owner_id = ${ownerId}
    `.execute(db);
    return rows[0];
  },

  async findById(db: AppDb, id: number): Promise<UploadRow | undefined> {
    const { rows } = await sql<UploadRow>`${uploadWithDataset} WHERE u.id = ${id}`.execute(db);
    return rows[0];
  },

  /** Starts an attempt: only a queued upload, or one whose previous attempt died, is taken. */
  async markProcessing(db: AppDb, id: number): Promise<UploadRow | undefined> {
    const { rows } = await sql<UploadRow>`
      UPDATE uploads
      SET status = 'processing', attempts = attempts + 1, started_at = now(), message = NULL
      WHERE id = ${id} AND status IN ('queued', 'processing')
      RETURNING *, NULL::int AS dataset_id, NULL::int AS dataset_number
    `.execute(db);
    return rows[0];
  },

  /** The import transaction holds the row: a second worker on the same upload waits here. */
  async lockForImport(trx: AppDb, id: number): Promise<UploadStatus | undefined> {
    const { rows } = await sql<{ status: UploadStatus }>`
      SELECT status FROM uploads WHERE id = ${id} FOR UPDATE
    `.execute(trx);
    return rows[0]?.status;
  },

  /** One import at a time per uploader, so overlapping uploads cannot both insert a row. */
  async lockOwner(trx: AppDb, ownerId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(8, ${ownerId}::int)`.execute(trx);
  },

  async finish(db: AppDb, id: number, result: UploadResult): Promise<void> {
    await sql`
      UPDATE uploads SET
        status = ${result.status},
        message = ${result.message},
        counts = ${JSON.stringify(result.counts)}::jsonb,
        errors = ${json(result.errors)}::jsonb,
        quality_flags = ${json(result.flags)}::jsonb,
        warnings = ${json(result.warnings)}::jsonb,
        column_mapping = ${json(result.columnMapping)}::jsonb,
        format = COALESCE(${result.format ?? null}, format),
        project_ids = ${result.projectIds ?? []}::int[],
        finished_at = now()
      WHERE id = ${id}
    `.execute(db);
  },

  /** An attempt failed unexpectedly and will be retried: the upload waits in the queue again. */
  async requeue(db: AppDb, id: number, message: string): Promise<void> {
    await sql`
      UPDATE uploads SET status = 'queued', message = ${message}
      WHERE id = ${id} AND status = 'processing'
    `.execute(db);
  },

  /** Projects the upload created (an upload may also add rows to existing projects). */
  async projectIdsCreatedBy(db: AppDb, uploadId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('projects')
      .select('id')
      .where('upload_id', '=', uploadId)
      .execute();
    return rows.map((row) => row.id);
  },

  /**
   * Marks failed every upload still `queued` or `processing` `graceSeconds` after it started
   * (or was created) that has no unfinished job left on the queue (pg-boss's job table).
   * Returns how many.
   */
  async failAbandoned(
    db: AppDb,
    { graceSeconds, queue }: { graceSeconds: number; queue: string },
  ): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      UPDATE uploads u
      SET status = 'failed', finished_at = now(),
          message = 'The upload could not be processed: its processing stopped and was not resumed. Nothing was imported. Please upload the files again.'
      WHERE u.status IN ('queued', 'processing')
        AND COALESCE(u.started_at, u.created_at) < now() - make_interval(secs => ${graceSeconds}::float8)
        AND NOT EXISTS (
          SELECT 1 FROM pgboss.job j
          WHERE j.name = ${queue} AND j.state < 'completed'
            AND (j.data->>'uploadId')::int = u.id
        )
      RETURNING u.id
    `.execute(db);
    return rows.length;
  },

  async usernameOf(db: AppDb, userId: number): Promise<string> {
    const row = await db
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.username;
  },

  /** The uploader's own projects with these names (the oldest of each name). */
  async ownProjects(
    trx: AppDb,
    ownerId: number,
    names: readonly string[],
  ): Promise<Map<string, number>> {
    const { rows } = await sql<{ id: number; name: string }>`
      SELECT id, name FROM projects
      WHERE owner_id = ${ownerId} AND name = ANY(${[...new Set(names)]}::text[])
      ORDER BY id
    `.execute(trx);
    const projects = new Map<string, number>();
    for (const row of rows) if (!projects.has(row.name)) projects.set(row.name, row.id);
    return projects;
  },

  /** What the uploader asked the upload to become (a new dataset, or a version of one). */
  async datasetRequest(db: AppDb, uploadId: number): Promise<unknown> {
    const row = await db
      .selectFrom('uploads')
      .select('dataset_request')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow();
    return row.dataset_request;
  },

  async setDatasetVersion(db: AppDb, uploadId: number, versionId: number): Promise<void> {
    await db
      .updateTable('uploads')
      .set({ dataset_version_id: versionId })
      .where('id', '=', uploadId)
      .execute();
  },

  /**
   * The MMM already known at each location (median over colonies within 0.00005°, about 5 m,
   * of it, any owner): climatology belongs to the place, not to a dataset.
   */
  async mmmByLocation(
    trx: AppDb,
    locations: readonly { latitude: number; longitude: number }[],
  ): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (locations.length === 0) return result;
    const { rows } = await sql<{ i: number; mmm: number }>`
      SELECT p.i::int AS i, percentile_cont(0.5) WITHIN GROUP (ORDER BY t.sst_clim_mmm) AS mmm
      FROM unnest(${locations.map((l) => l.latitude)}::float8[], ${locations.map((l) => l.longitude)}::float8[])
        WITH ORDINALITY AS p(lat, lon, i)
      JOIN colonies c
        ON c.latitude BETWEEN p.lat - 0.00005 AND p.lat + 0.00005
       AND c.longitude BETWEEN p.lon - 0.00005 AND p.lon + 0.00005
      JOIN ${ED50_TABLE} t ON t.colony_id = c.id AND t.sst_clim_mmm IS NOT NULL
      WHERE ${isPublicRow('c')}
      GROUP BY p.i
    `.execute(trx);
    for (const row of rows) {
      const location = locations[row.i - 1]!;
      result.set(
        locationKey(location.latitude, location.longitude),
        Math.round(row.mmm * 100) / 100,
      );
    }
    return result;
  },

  /** Stored ED50s of the given species whose values are plausible. */
  async speciesEd50s(trx: AppDb, species: readonly string[]): Promise<Map<string, number[]>> {
    const result = new Map<string, number[]>();
    if (species.length === 0) return result;
    const { rows } = await sql<{ species: string; values: number[] }>`
      SELECT c.species, array_agg(t.abs_value) AS values
      FROM ${ED50_TABLE} t JOIN colonies c ON c.id = t.colony_id
      WHERE c.species = ANY(${[...species]}::text[]) AND ${isPublicRow('c')}
        AND t.abs_value IS NOT NULL
        AND NOT ('implausible_absolute' = ANY(t.quality_flags))
      GROUP BY c.species
    `.execute(trx);
    for (const row of rows) result.set(row.species, row.values.map(Number));
    return result;
  },
};

export const locationKey = (latitude: number, longitude: number) =>
  `${latitude.toFixed(6)},${longitude.toFixed(6)}`;
