import { sql } from 'kysely';
import type { AppDb } from '../../db/schema';
import { isPublicRow } from '../../db/visibility';
import { shownSpecies, shownSpeciesJoin } from '../../db/shown-species';

export interface StatisticsCounts {
  coral_colonies: number;
  research_projects: number;
  countries: number;
  observations_count: number;
  species_count: number;
  recent_observations: number;
}

export const statisticsRepository = {
  /** recent: observations whose experiment is dated within the 365 days up to today. */
  async counts(db: AppDb): Promise<StatisticsCounts> {
    const { rows } = await sql<StatisticsCounts>`
      SELECT
        (SELECT count(*) FROM colonies c WHERE ${isPublicRow('c')}) AS coral_colonies,
        (SELECT count(DISTINCT d.project_id) FROM datasets d
          WHERE d.public_version_id IS NOT NULL) AS research_projects,
        (SELECT count(DISTINCT country) FROM colonies c WHERE ${isPublicRow('c')}) AS countries,
        (SELECT count(*) FROM observations o WHERE ${isPublicRow('o')}) AS observations_count,
        (SELECT count(DISTINCT ${shownSpecies('c')}) FROM colonies c ${shownSpeciesJoin('c')}
          WHERE ${isPublicRow('c')})
          AS species_count,
        (SELECT count(*) FROM observations o JOIN experiments e ON e.id = o.experiment_id
          WHERE ${isPublicRow('o')} AND e.date > CURRENT_DATE - 365 AND e.date <= CURRENT_DATE)
          AS recent_observations
    `.execute(db);
    return rows[0]!;
  },

  async topCountries(db: AppDb, limit: number) {
    const { rows } = await sql<{ country: string; colony_count: number }>`
      SELECT country, count(*)::int AS colony_count FROM colonies c WHERE ${isPublicRow('c')}
      GROUP BY country ORDER BY colony_count DESC, country LIMIT ${limit}
    `.execute(db);
    return rows;
  },

  async topSpecies(db: AppDb, limit: number) {
    const { rows } = await sql<{ species: string; colony_count: number }>`
      SELECT ${shownSpecies('c')} AS species, count(*)::int AS colony_count
      FROM colonies c ${shownSpeciesJoin('c')} WHERE ${isPublicRow('c')}
      GROUP BY 1 ORDER BY colony_count DESC, species LIMIT ${limit}
    `.execute(db);
    return rows;
  },
};
