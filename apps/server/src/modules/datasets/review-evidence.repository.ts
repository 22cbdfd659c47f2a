import { sql } from 'kysely';
import {
  REVIEW_FLAG_EXAMPLES,
  REVIEW_SITES_LIMIT,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
} from '@coral/core';
import type { AppDb } from '../../db/schema';

/** All SQL of the evidence a curator reviews a version with (decision 0055). */

/** Examples are joined with this in SQL (names and conditions hold no line breaks). */
const SEPARATOR = '\n';

export interface ValueFlagCount {
  code: string;
  count: number;
  examples: string[];
}

export interface UploadFlagsRow {
  counts: unknown;
  quality_flags: unknown;
}

export interface SiteRow {
  country: string;
  latitude: number;
  longitude: number;
  colony_count: number;
}

export const reviewEvidenceRepository = {
  /**
   * The quality flags stored on the version's threshold values, per kind of threshold and flag,
   * with the first few flagged values in words ("AF1 · ED50 36.91 °C (Wild)").
   */
  async valueFlags(db: AppDb, versionId: number): Promise<ValueFlagCount[]> {
    const counts: ValueFlagCount[] = [];
    for (const kind of THRESHOLD_KINDS) {
      const { table, edLabel } = THRESHOLD_KIND_INFO[kind];
      const { rows } = await sql<{ code: string; n: string | number; examples: string | null }>`
        SELECT f.code, count(*) AS n,
               array_to_string((array_agg(
                 c.name || ' · ' || ${edLabel}::text || ' '
                 || coalesce(round(t.abs_value::numeric, 2)::text || ' °C', 'no value')
                 || coalesce(' (' || t.condition || ')', '')
                 ORDER BY c.name, t.id))[1:${sql.lit(REVIEW_FLAG_EXAMPLES)}], ${SEPARATOR}::text) AS examples
        FROM ${sql.table(table)} t
        JOIN colonies c ON c.id = t.colony_id
        CROSS JOIN LATERAL unnest(t.quality_flags) AS f(code)
        WHERE t.dataset_version_id = ${versionId}
        GROUP BY f.code
        ORDER BY f.code`.execute(db);
      for (const row of rows) {
        counts.push({
          code: row.code,
          count: Number(row.n),
          examples: row.examples ? row.examples.split(SEPARATOR) : [],
        });
      }
    }
    return counts;
  },

  /** The reports (counts and listed flags) of the uploads the version was made from. */
  async uploadFlags(db: AppDb, versionId: number): Promise<UploadFlagsRow[]> {
    return db
      .selectFrom('uploads')
      .select(['counts', 'quality_flags'])
      .where('dataset_version_id', '=', versionId)
      .orderBy('id')
      .execute();
  },

  /** The version's colonies by place, the most colonies first. */
  async sites(db: AppDb, versionId: number): Promise<SiteRow[]> {
    const rows = await db
      .selectFrom('colonies')
      .select(['country', 'latitude', 'longitude', (eb) => eb.fn.countAll<string>().as('n')])
      .where('dataset_version_id', '=', versionId)
      .groupBy(['country', 'latitude', 'longitude'])
      .orderBy('n', 'desc')
      .orderBy('country')
      .orderBy('latitude')
      .orderBy('longitude')
      .limit(REVIEW_SITES_LIMIT)
      .execute();
    return rows.map((row) => ({
      country: row.country,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      colony_count: Number(row.n),
    }));
  },
};
