import { sql } from 'kysely';
import { THRESHOLD_KIND_INFO, type EdProvenance, type ThresholdKind } from '@coral/core';
import { selectColumnar } from '../../db/columnar';
import type { AppDb } from '../../db/schema';
import { isPublicRow, isReadableRowFor, isReadableVersion } from '../../db/visibility';

/** All SQL of the open downloads (docs/downloads.md): which colonies, and what of each. */

export interface DownloadColonyRow {
  id: number;
  name: string;
  species: string;
  country: string;
  latitude: number;
  longitude: number;
  dataset_version_id: number;
}

export interface DownloadAssayRow {
  colony_id: number;
  id: number;
  name: string;
  date: string | null;
  project_name: string;
}

export interface DownloadThresholdRow {
  colony_id: number;
  condition: string | null;
  timepoint: string | null;
  abs_value: number | null;
  rel_value: number | null;
  sst_clim_mmm: number | null;
  quality_flags: string[];
  assay_id: number | null;
  ed_method: EdProvenance['method'];
  ed_model: EdProvenance['model'];
  ed_fit: EdProvenance['fit'];
  ed_software: string | null;
}

const ids = (values: readonly number[]) => sql`${[...values]}::int[]`;

export const downloadsRepository = {
  /** Every public colony, by id (the map without a filter). */
  async publicColonyIds(db: AppDb): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      SELECT c.id FROM colonies c WHERE ${isPublicRow('c')} ORDER BY c.id
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /** A project the public may see (it has a public dataset version), with its name. */
  async publicProject(db: AppDb, projectId: number): Promise<{ name: string } | undefined> {
    const { rows } = await sql<{ name: string }>`
      SELECT p.name FROM projects p
      WHERE p.id = ${projectId}
        AND EXISTS (SELECT 1 FROM datasets d
                    WHERE d.project_id = p.id AND d.public_version_id IS NOT NULL)
    `.execute(db);
    return rows[0];
  },

  /** The public colonies sampled for a project, by id. */
  async projectColonyIds(db: AppDb, projectId: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      SELECT DISTINCT c.id FROM colonies c JOIN biosamples b ON b.colony_id = c.id
      WHERE b.project_id = ${projectId} AND ${isPublicRow('c')}
      ORDER BY c.id
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /** The id of a dataset version anyone may read (published, dataset not withdrawn). */
  async readableVersionId(
    db: AppDb,
    datasetId: number,
    versionNumber: number,
  ): Promise<number | undefined> {
    const { rows } = await sql<{ id: number }>`
      SELECT v.id FROM dataset_versions v
      WHERE v.dataset_id = ${datasetId} AND v.number = ${versionNumber}
        AND ${isReadableVersion('v')}
    `.execute(db);
    return rows[0]?.id;
  },

  async versionColonyIds(db: AppDb, versionId: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM colonies WHERE dataset_version_id = ${versionId} ORDER BY id
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /**
   * Of the given colonies, those `viewerId` may read (null: the public), in id order: published
   * versions of datasets that are not withdrawn, and the viewer's own.
   */
  async readableColonyIds(
    db: AppDb,
    colonyIds: readonly number[],
    viewerId: number | null,
  ): Promise<number[]> {
    if (colonyIds.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      SELECT c.id FROM colonies c
      WHERE c.id = ANY(${ids(colonyIds)}) AND ${isReadableRowFor('c', viewerId)}
      ORDER BY c.id
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /** The dataset version of each colony and the first colony of each version (its order). */
  async versionsOfColonies(
    db: AppDb,
    colonyIds: readonly number[],
  ): Promise<{ version_id: number; first_colony_id: number; colonies: number }[]> {
    if (colonyIds.length === 0) return [];
    const { rows } = await sql<{ version_id: number; first_colony_id: number; colonies: number }>`
      SELECT dataset_version_id AS version_id, min(id) AS first_colony_id,
             count(*)::int AS colonies
      FROM colonies WHERE id = ANY(${ids(colonyIds)})
      GROUP BY dataset_version_id ORDER BY min(id)
    `.execute(db);
    return rows;
  },

  async colonies(db: AppDb, colonyIds: readonly number[]): Promise<DownloadColonyRow[]> {
    return db
      .selectFrom('colonies')
      .select(['id', 'name', 'species', 'country', 'latitude', 'longitude', 'dataset_version_id'])
      .where('id', '=', sql<number>`ANY(${ids(colonyIds)})`)
      .orderBy('id')
      .execute() as Promise<DownloadColonyRow[]>;
  },

  /** Distinct project names and collection dates of each colony, through its biosamples. */
  async samplings(
    db: AppDb,
    colonyIds: readonly number[],
  ): Promise<{ colony_id: number; project_name: string; collection_date: string | null }[]> {
    return selectColumnar(
      db,
      ['colony_id', 'project_name', 'collection_date'],
      // As text: an array of dates would be parsed into Date objects (and shift by time zone).
      sql`SELECT DISTINCT b.colony_id, p.name AS project_name, b.collection_date::text
          FROM biosamples b JOIN projects p ON p.id = b.project_id
          WHERE b.colony_id = ANY(${ids(colonyIds)})`,
    );
  },

  /** The assays (experiments) each colony's biosamples were measured in, by date then id. */
  async assays(db: AppDb, colonyIds: readonly number[]): Promise<DownloadAssayRow[]> {
    const { rows } = await sql<DownloadAssayRow>`
      SELECT DISTINCT b.colony_id, e.id, e.name, e.date::text AS date, p.name AS project_name
      FROM biosamples b
      JOIN observations o ON o.biosample_id = b.id
      JOIN experiments e ON e.id = o.experiment_id
      JOIN projects p ON p.id = e.project_id
      WHERE b.colony_id = ANY(${ids(colonyIds)})
      ORDER BY b.colony_id, date NULLS LAST, e.id
    `.execute(db);
    return rows;
  },

  /**
   * The entries of one kind with the assay whose observations they were fitted from (the first
   * by id when a value links observations of several, which no real sheet does).
   */
  async thresholds(
    db: AppDb,
    kind: ThresholdKind,
    colonyIds: readonly number[],
  ): Promise<DownloadThresholdRow[]> {
    const { table, observationLinkTable } = THRESHOLD_KIND_INFO[kind];
    const { rows } = await sql<DownloadThresholdRow>`
      SELECT t.colony_id, t.condition, t.timepoint, t.abs_value, t.rel_value, t.sst_clim_mmm,
             t.quality_flags, t.ed_method, t.ed_model, t.ed_fit, t.ed_software,
             (SELECT min(o.experiment_id) FROM ${sql.table(observationLinkTable)} l
              JOIN observations o ON o.id = l.observation_id
              WHERE l.threshold_id = t.id) AS assay_id
      FROM ${sql.table(table)} t
      WHERE t.colony_id = ANY(${ids(colonyIds)})
      ORDER BY t.colony_id, t.id
    `.execute(db);
    return rows;
  },
};
