import { sql } from 'kysely';
import type { AppDb } from '../../db/schema';

/** The facts same-named dataset versions are titled apart by (decision 0050), and the new titles. */
export const datasetTitlesRepository = {
  /** What tells versions apart when their titles collide: their sites, countries, assay years. */
  async titleFacts(db: AppDb, versionIds: readonly number[]) {
    const { rows } = await sql<{
      version_id: number;
      title: string;
      sites: string[];
      countries: string[];
      years: string[];
    }>`
      SELECT v.id AS version_id, v.metadata->>'title' AS title,
        COALESCE((SELECT array_agg(DISTINCT e.name) FROM experiments e
                  WHERE e.dataset_version_id = v.id), '{}') AS sites,
        COALESCE((SELECT array_agg(DISTINCT c.country) FROM colonies c
                  WHERE c.dataset_version_id = v.id), '{}') AS countries,
        COALESCE((SELECT array_agg(DISTINCT to_char(e.date, 'YYYY')) FROM experiments e
                  WHERE e.dataset_version_id = v.id AND e.date IS NOT NULL), '{}') AS years
      FROM dataset_versions v WHERE v.id = ANY(${[...versionIds]}::int[])
      ORDER BY v.id
    `.execute(db);
    return rows;
  },

  async setVersionTitle(db: AppDb, versionId: number, title: string): Promise<void> {
    await sql`
      UPDATE dataset_versions SET metadata = jsonb_set(metadata, '{title}', to_jsonb(${title}::text))
      WHERE id = ${versionId}
    `.execute(db);
  },
};
