import { sql } from 'kysely';
import type { AppDb } from '../../db/database';

export interface ColonyRow {
  id: number;
  name: string;
  species: string;
  country: string;
  latitude: number;
  longitude: number;
  projects: string[];
}

export const coloniesRepository = {
  /**
   * Every colony with the distinct names of the projects it is in (through its biosamples).
   * The distinct colony–project pairs are taken first so the aggregate works on far fewer rows
   * than there are biosamples.
   */
  async listWithProjects(db: AppDb, colonyIds?: readonly number[]): Promise<ColonyRow[]> {
    const only = colonyIds ? sql`WHERE c.id = ANY(${[...colonyIds]}::int[])` : sql``;
    const { rows } = await sql<ColonyRow>`
      WITH colony_projects AS (
        SELECT DISTINCT b.colony_id, p.name
        FROM biosamples b JOIN projects p ON p.id = b.project_id
      )
      SELECT c.id, c.name, c.species, c.country, c.latitude, c.longitude,
             COALESCE(array_agg(cp.name ORDER BY cp.name) FILTER (WHERE cp.name IS NOT NULL), '{}')
               AS projects
      FROM colonies c LEFT JOIN colony_projects cp ON cp.colony_id = c.id
      ${only}
      GROUP BY c.id
      ORDER BY c.id
    `.execute(db);
    return rows;
  },

  async existingIds(db: AppDb, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('colonies')
      .select('id')
      .where('id', '=', sql<number>`ANY(${[...ids]}::int[])`)
      .execute();
    return rows.map((r) => r.id);
  },
};
