import { sql, type Selectable } from 'kysely';
import {
  existingKey,
  noExistingRows,
  THRESHOLD_KINDS,
  thresholdKindInfos,
  type ExistingRows,
  type UploadPlan,
  type UploadStatus,
} from '@coral/core';
import type { AppDb } from '../../db/database';
import type { UploadsTable } from '../../db/schema';

/** An upload as read from the database (the table's select types). */
export type UploadRow = Selectable<UploadsTable>;

export interface NewUpload {
  ownerId: number;
  main: { name: string; path: string; sha256: string; bytes: number };
  ed: { name: string; path: string; sha256: string; bytes: number } | null;
  format: 'standard' | 'raw' | null;
  status?: UploadStatus;
}

export interface UploadResult {
  status: 'done' | 'failed';
  message: string;
  counts: Record<string, unknown>;
  errors?: unknown[];
  flags?: unknown[];
  warnings?: unknown[];
  columnMapping?: unknown[];
  format?: 'standard' | 'raw' | null;
  projectIds?: number[];
}

const json = (value: unknown) => JSON.stringify(value ?? []);

/** All SQL of uploads: the upload records, and what the worker reads to build a bundle. */
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async listByOwner(db: AppDb, ownerId: number): Promise<UploadRow[]> {
    const { rows } = await sql<UploadRow>`
      SELECT * FROM uploads WHERE owner_id = ${ownerId} ORDER BY created_at DESC, id DESC
    `.execute(db);
    return rows;
  },

  async findForOwner(db: AppDb, ownerId: number, id: number): Promise<UploadRow | undefined> {
    const { rows } = await sql<UploadRow>`
      SELECT * FROM uploads WHERE id = ${id} AND owner_id = ${ownerId}
    `.execute(db);
    return rows[0];
  },

  async findById(db: AppDb, id: number): Promise<UploadRow | undefined> {
    const { rows } = await sql<UploadRow>`SELECT * FROM uploads WHERE id = ${id}`.execute(db);
    return rows[0];
  },

  /** Starts an attempt: only a queued upload, or one whose previous attempt died, is taken. */
  async markProcessing(db: AppDb, id: number): Promise<UploadRow | undefined> {
    const { rows } = await sql<UploadRow>`
      UPDATE uploads
      SET status = 'processing', attempts = attempts + 1, started_at = now(), message = NULL
      WHERE id = ${id} AND status IN ('queued', 'processing')
      RETURNING *
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

  async usernameOf(db: AppDb, userId: number): Promise<string> {
    const row = await db
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.username;
  },

  /**
   * What the uploader already stored that the plan may refer to: their projects of the same
   * names with everything in them, and their colonies of the same names. Nobody else's rows.
   */
  async existingRows(trx: AppDb, ownerId: number, plan: UploadPlan): Promise<ExistingRows> {
    const existing = noExistingRows();
    const projects = new Map<string, number>();
    const names = [...new Set(plan.projects.map((p) => p.name))];
    const { rows: projectRows } = await sql<{ id: number; name: string }>`
      SELECT id, name FROM projects
      WHERE owner_id = ${ownerId} AND name = ANY(${names}::text[])
      ORDER BY id
    `.execute(trx);
    for (const row of projectRows) {
      const key = existingKey.project(row.name);
      if (!projects.has(key)) projects.set(key, row.id);
    }
    const projectIds = [...projects.values()];

    const colonies = new Map<string, number>();
    const colonyNames = [...new Set(plan.colonies.map((c) => c.name))];
    const { rows: colonyRows } = await sql<{
      id: number;
      name: string;
      species: string;
      latitude: number;
      longitude: number;
    }>`
      SELECT id, name, species, latitude, longitude FROM colonies
      WHERE owner_id = ${ownerId} AND name = ANY(${colonyNames}::text[])
      ORDER BY id
    `.execute(trx);
    for (const c of colonyRows) {
      const key = existingKey.colony(c.name, c.species, c.latitude, c.longitude);
      if (!colonies.has(key)) colonies.set(key, c.id);
    }
    const colonyIds = [...colonies.values()];

    const thresholds = new Map<string, { abs: number | null }>();
    if (colonyIds.length > 0) {
      for (const kind of THRESHOLD_KINDS) {
        const info = thresholdKindInfos.find((i) => i.kind === kind)!;
        const { rows } = await sql<{
          colony_id: number;
          condition: string | null;
          timepoint: string | null;
          abs_value: number | null;
        }>`
          SELECT colony_id, condition, timepoint, abs_value FROM ${sql.table(info.table)}
          WHERE colony_id = ANY(${colonyIds}::int[])
        `.execute(trx);
        for (const t of rows) {
          thresholds.set(existingKey.threshold(kind, t.colony_id, t.condition, t.timepoint), {
            abs: t.abs_value,
          });
        }
      }
    }
    if (projectIds.length === 0) {
      return { ...existing, colonies, thresholds };
    }

    const experiments = new Map<string, number>();
    const { rows: experimentRows } = await sql<{
      id: number;
      project_id: number;
      name: string;
      date: string | null;
    }>`
      SELECT id, project_id, name, date FROM experiments WHERE project_id = ANY(${projectIds}::int[])
    `.execute(trx);
    for (const e of experimentRows) {
      experiments.set(existingKey.experiment(e.project_id, e.name, e.date), e.id);
    }
    const biosamples = new Map<string, { id: number; colonyId: number }>();
    const memberships = new Set<string>();
    const { rows: biosampleRows } = await sql<{
      id: number;
      project_id: number;
      name: string;
      colony_id: number;
    }>`
      SELECT id, project_id, name, colony_id FROM biosamples WHERE project_id = ANY(${projectIds}::int[])
    `.execute(trx);
    for (const b of biosampleRows) {
      biosamples.set(existingKey.biosample(b.project_id, b.name), {
        id: b.id,
        colonyId: b.colony_id,
      });
      memberships.add(existingKey.membership(b.project_id, b.colony_id));
    }
    const observations = new Map<string, { id: number; pamValue: number | null }>();
    const { rows: observationRows } = await sql<{
      id: number;
      experiment_id: number;
      biosample_id: number;
      condition: string | null;
      temperature: number | null;
      timepoint: string | null;
      pam_value: number | null;
    }>`
      SELECT o.id, o.experiment_id, o.biosample_id, o.condition, o.temperature, o.timepoint, o.pam_value
      FROM observations o JOIN experiments e ON e.id = o.experiment_id
      WHERE e.project_id = ANY(${projectIds}::int[])
    `.execute(trx);
    for (const o of observationRows) {
      if (o.temperature === null) continue;
      observations.set(
        existingKey.observation(
          o.experiment_id,
          o.biosample_id,
          o.condition,
          o.temperature,
          o.timepoint,
        ),
        { id: o.id, pamValue: o.pam_value },
      );
    }
    const publications = new Set<string>();
    const { rows: publicationRows } = await sql<{
      project_id: number;
      title: string;
      year: number | null;
      doi: string | null;
    }>`
      SELECT pp.project_id, p.title, p.year, p.doi
      FROM project_publications pp JOIN publications p ON p.id = pp.publication_id
      WHERE pp.project_id = ANY(${projectIds}::int[])
    `.execute(trx);
    for (const p of publicationRows) {
      publications.add(existingKey.publication(p.project_id, p.title, p.year, p.doi));
    }
    return {
      projects,
      experiments,
      colonies,
      biosamples,
      memberships,
      observations,
      thresholds,
      publications,
    };
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
      JOIN thermal_tolerances t ON t.colony_id = c.id AND t.sst_clim_mmm IS NOT NULL
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
      FROM thermal_tolerances t JOIN colonies c ON c.id = t.colony_id
      WHERE c.species = ANY(${[...species]}::text[])
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
