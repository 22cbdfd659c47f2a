import { sql } from 'kysely';
import { ensureSorted, selectColumnar } from '../../db/columnar';
import type { AppDb } from '../../db/database';

export interface ColonyRow {
  id: number;
  name: string;
  species: string;
  country: string;
  latitude: number;
  longitude: number;
  projects: string[];
  /** Distinct collection years of the colony's biosamples, ascending. */
  collection_years: number[];
}

function pushDistinct<T>(map: Map<number, T[]>, key: number, value: T) {
  const values = map.get(key);
  if (!values) map.set(key, [value]);
  else if (!values.includes(value)) values.push(value);
}

export const coloniesRepository = {
  /**
   * Every colony (or the given ones) with the sorted distinct names of its projects and the
   * collection years of its biosamples: two queries whatever the number of colonies.
   */
  async listWithProjects(db: AppDb, colonyIds?: readonly number[]): Promise<ColonyRow[]> {
    if (colonyIds?.length === 0) return [];
    const ids = colonyIds ? [...colonyIds] : null;
    const onlyColonies = ids ? sql`WHERE id = ANY(${ids}::int[])` : sql``;
    const onlyBiosamples = ids ? sql`WHERE b.colony_id = ANY(${ids}::int[])` : sql``;
    const [colonies, memberships] = await Promise.all([
      selectColumnar<Omit<ColonyRow, 'projects' | 'collection_years'>>(
        db,
        ['id', 'name', 'species', 'country', 'latitude', 'longitude'],
        sql`SELECT id, name, species, country, latitude, longitude FROM colonies ${onlyColonies} ORDER BY id`,
      ),
      // A colony is in a project, and was sampled in a year, through its biosamples.
      selectColumnar<{ colony_id: number; name: string; year: number | null }>(
        db,
        ['colony_id', 'name', 'year'],
        sql`
          SELECT DISTINCT b.colony_id, p.name, EXTRACT(YEAR FROM b.collection_date)::int AS year
          FROM biosamples b JOIN projects p ON p.id = b.project_id ${onlyBiosamples}
        `,
      ),
    ]);
    const projectsOf = new Map<number, string[]>();
    const yearsOf = new Map<number, number[]>();
    for (const { colony_id, name, year } of memberships) {
      pushDistinct(projectsOf, colony_id, name);
      if (year !== null) pushDistinct(yearsOf, colony_id, year);
    }
    return ensureSorted(colonies, (c) => c.id).map((colony) => ({
      ...colony,
      projects: projectsOf.get(colony.id)?.sort() ?? [],
      collection_years: yearsOf.get(colony.id)?.sort((a, b) => a - b) ?? [],
    }));
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
