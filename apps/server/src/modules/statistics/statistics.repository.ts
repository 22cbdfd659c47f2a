import { sql } from 'kysely';
import type { AppDb } from '../../db/database';

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
        (SELECT count(*) FROM colonies) AS coral_colonies,
        (SELECT count(*) FROM projects) AS research_projects,
        (SELECT count(DISTINCT country) FROM colonies) AS countries,
        (SELECT count(*) FROM observations) AS observations_count,
        (SELECT count(DISTINCT species) FROM colonies) AS species_count,
        (SELECT count(*) FROM observations o JOIN experiments e ON e.id = o.experiment_id
          WHERE e.date > CURRENT_DATE - 365 AND e.date <= CURRENT_DATE) AS recent_observations
    `.execute(db);
    return rows[0]!;
  },

  async topCountries(db: AppDb, limit: number) {
    return db
      .selectFrom('colonies')
      .select((eb) => ['country', eb.fn.countAll<number>().as('colony_count')])
      .groupBy('country')
      .orderBy('colony_count', 'desc')
      .orderBy('country')
      .limit(limit)
      .execute();
  },

  async topSpecies(db: AppDb, limit: number) {
    return db
      .selectFrom('colonies')
      .select((eb) => ['species', eb.fn.countAll<number>().as('colony_count')])
      .groupBy('species')
      .orderBy('colony_count', 'desc')
      .orderBy('species')
      .limit(limit)
      .execute();
  },
};
