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
}

export const coloniesRepository = {
  /** Every colony (or the given ones) with the sorted distinct names of its projects. */
  async listWithProjects(db: AppDb, colonyIds?: readonly number[]): Promise<ColonyRow[]> {
    if (colonyIds?.length === 0) return [];
    const ids = colonyIds ? [...colonyIds] : null;
    const onlyColonies = ids ? sql`WHERE id = ANY(${ids}::int[])` : sql``;
    const onlyBiosamples = ids ? sql`WHERE b.colony_id = ANY(${ids}::int[])` : sql``;
    const [colonies, memberships] = await Promise.all([
      selectColumnar<Omit<ColonyRow, 'projects'>>(
        db,
        ['id', 'name', 'species', 'country', 'latitude', 'longitude'],
        sql`SELECT id, name, species, country, latitude, longitude FROM colonies ${onlyColonies} ORDER BY id`,
      ),
      // A colony is in a project through its biosamples.
      selectColumnar<{ colony_id: number; name: string }>(
        db,
        ['colony_id', 'name'],
        sql`
          SELECT DISTINCT b.colony_id, p.name
          FROM biosamples b JOIN projects p ON p.id = b.project_id ${onlyBiosamples}
        `,
      ),
    ]);
    const projectsOf = new Map<number, string[]>();
    for (const { colony_id, name } of memberships) {
      const names = projectsOf.get(colony_id);
      if (names) names.push(name);
      else projectsOf.set(colony_id, [name]);
    }
    return ensureSorted(colonies, (c) => c.id).map((colony) => ({
      ...colony,
      projects: projectsOf.get(colony.id)?.sort() ?? [],
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
