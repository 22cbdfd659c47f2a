import { sql, type RawBuilder, type Selectable } from 'kysely';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS, type ColonyPredicate } from '@coral/core';
import { colonyConditions } from '../../db/colony-predicate';
import { shownSpecies, shownSpeciesJoin } from '../../db/shown-species';
import { ensureSorted, selectColumnar } from '../../db/columnar';
import type { AppDb, ColoniesTable } from '../../db/schema';
import {
  colonyScopeWhere,
  isPublicRow,
  isReadableRowFor,
  type ColonyScope,
} from '../../db/visibility';

type ColonyColumns = Pick<
  Selectable<ColoniesTable>,
  'id' | 'name' | 'species' | 'country' | 'latitude' | 'longitude'
>;

/** A page of public colonies passing a filter predicate: after a colony id, at most `limit`. */
export interface ColonyPageQuery {
  predicate: ColonyPredicate;
  /** Keyset: only colonies with a greater id. */
  afterId?: number;
  limit?: number;
}

export interface ColonyRow extends ColonyColumns {
  /** The species as written, where it differs from the shown `species` (decision 0063). */
  verbatim_species: string | null;
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
   * The colonies of the scope (every public one by default) with the sorted distinct names of
   * their projects and the collection years of their biosamples: two queries whatever the number
   * of colonies. A collection date after today (the seed's year 2222) is kept as recorded but
   * gives no year to filter by.
   */
  async listWithProjects(db: AppDb, scope: ColonyScope = {}): Promise<ColonyRow[]> {
    if (scope.ids?.length === 0) return [];
    const onlyColonies = colonyScopeWhere(scope, 'c', 'id');
    const onlyBiosamples = colonyScopeWhere(scope, 'b', 'colony_id');
    const [colonies, memberships] = await Promise.all([
      selectColumnar<ColonyColumns & { verbatim_species: string | null }>(
        db,
        ['id', 'name', 'species', 'verbatim_species', 'country', 'latitude', 'longitude'],
        // The feed (and the map's filters and popups built from it) shows a synonym under its
        // accepted name (decision 0060), and the name as written only where it differs (0063).
        sql`SELECT c.id, c.name, ${shownSpecies('c')} AS species,
                   CASE WHEN c.species <> ${shownSpecies('c')} THEN c.species END AS verbatim_species,
                   c.country, c.latitude, c.longitude
            FROM colonies c ${shownSpeciesJoin('c')} ${onlyColonies} ORDER BY c.id`,
      ),
      // A colony is in a project, and was sampled in a year, through its biosamples.
      selectColumnar<{ colony_id: number; name: string; year: number | null }>(
        db,
        ['colony_id', 'name', 'year'],
        sql`
          SELECT DISTINCT b.colony_id, p.name,
                 CASE WHEN b.collection_date <= CURRENT_DATE
                      THEN EXTRACT(YEAR FROM b.collection_date)::int END AS year
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

  /**
   * Ids of the public colonies that pass the predicate (the colonies the map shows for the same
   * filter set), in id order, from `afterId` on, at most `limit` of them.
   */
  async pageIds(db: AppDb, query: ColonyPageQuery): Promise<number[]> {
    const rows = await colonyPageQuery(db, query).execute();
    return rows.map((r) => r.id);
  },

  /** The given colonies that `viewerId` may read (published, or of their own datasets). */
  async readableIds(db: AppDb, ids: readonly number[], viewerId: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      SELECT c.id FROM colonies c
      WHERE c.id = ANY(${[...ids]}::int[]) AND ${isReadableRowFor('c', viewerId)}
    `.execute(db);
    return rows.map((r) => r.id);
  },

  /** The colonies of the given dataset versions (a user's drafts on the map). */
  async idsOfVersions(db: AppDb, versionIds: readonly number[]): Promise<number[]> {
    if (versionIds.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM colonies WHERE dataset_version_id = ANY(${[...versionIds]}::int[]) ORDER BY id
    `.execute(db);
    return rows.map((r) => r.id);
  },

  /**
   * The colonies whose feed entry a change of the given dataset versions' visibility can alter:
   * their own colonies, and those their biosamples or thresholds name (a colony's projects and
   * years come from the public biosamples pointing at it, whatever version the colony is of).
   */
  async idsTouchedByVersions(db: AppDb, versionIds: readonly number[]): Promise<number[]> {
    if (versionIds.length === 0) return [];
    const versions = [...versionIds];
    const thresholdTables = THRESHOLD_KINDS.map(
      (kind) =>
        sql`SELECT colony_id FROM ${sql.table(THRESHOLD_KIND_INFO[kind].table)}
            WHERE dataset_version_id = ANY(${versions}::int[])`,
    );
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM colonies WHERE dataset_version_id = ANY(${versions}::int[])
      UNION SELECT colony_id FROM biosamples WHERE dataset_version_id = ANY(${versions}::int[])
      UNION ${sql.join(thresholdTables, sql` UNION `)}
    `.execute(db);
    return rows.map((r) => r.id);
  },
};

/** The query of `coloniesRepository.pageIds`, unexecuted (its plan is checked by EXPLAIN tests). */
export function colonyPageQuery(db: AppDb, { predicate, afterId, limit }: ColonyPageQuery) {
  let query = db
    .selectFrom('colonies as c')
    .select('c.id')
    .where(isPublicRow('c') as RawBuilder<boolean>);
  for (const condition of colonyConditions(predicate)) query = query.where(condition);
  if (afterId !== undefined) query = query.where('c.id', '>', afterId);
  query = query.orderBy('c.id');
  if (limit !== undefined) query = query.limit(limit);
  return query;
}
