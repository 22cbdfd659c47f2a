import { sql } from 'kysely';
import type { AppDb } from '../../db/schema';

/** A colony of a dataset version as its metadata's coverage reads it (decision 0057). */
export interface CoverageColonyRow {
  latitude: number;
  longitude: number;
  country: string;
  species: string;
  /** Distinct dates of the assays (experiments) the colony's fragments were measured in. */
  assay_dates: string[];
}

export const datasetCoverageRepository = {
  /** Every colony of the version with the dates of its assays, in id order. */
  async colonies(db: AppDb, versionId: number): Promise<CoverageColonyRow[]> {
    const { rows } = await sql<CoverageColonyRow>`
      SELECT c.latitude, c.longitude, c.country, c.species,
             COALESCE(
               array_agg(DISTINCT e.date::text ORDER BY e.date::text)
                 FILTER (WHERE e.date IS NOT NULL),
               '{}'
             ) AS assay_dates
      FROM colonies c
      LEFT JOIN biosamples b ON b.colony_id = c.id
      LEFT JOIN observations o ON o.biosample_id = b.id
      LEFT JOIN experiments e ON e.id = o.experiment_id
      WHERE c.dataset_version_id = ${versionId}
      GROUP BY c.id
      ORDER BY c.id
    `.execute(db);
    return rows;
  },
};
