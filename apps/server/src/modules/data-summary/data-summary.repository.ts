import { sql } from 'kysely';
import { reportDataVersion } from '../../db/replicas';
import type { AppDb } from '../../db/schema';
import { isPublicVersion } from '../../db/visibility';

export interface DataSummaryRow {
  version: number;
  updated_at: Date;
  /** null for the row of a database without public datasets, and for "licence not stated". */
  licence: string | null;
  datasets: number;
}

export const dataSummaryRepository = {
  /**
   * The data version and the licence counts of the public versions in one statement, so both
   * come from the same snapshot of the database (a publication between two queries would pair a
   * version with another version's counts). One row per licence in use, stated licences first
   * (most datasets first), "not stated" last; without public datasets, one row with `datasets` 0.
   */
  async summary(db: AppDb): Promise<DataSummaryRow[]> {
    const { rows } = await sql<DataSummaryRow>`
      SELECT s.version, s.updated_at, l.licence, coalesce(l.datasets, 0)::int AS datasets
      FROM dataset_state s
      LEFT JOIN (
        SELECT v.metadata->>'licence' AS licence, count(*)::int AS datasets
        FROM dataset_versions v WHERE ${isPublicVersion('v')}
        GROUP BY 1
      ) l ON true
      ORDER BY l.licence IS NULL, l.datasets DESC, l.licence
    `.execute(db);
    reportDataVersion(db, rows[0]!.version);
    return rows;
  },
};
