import type { TStatistics } from '@coral/core';
import type { AppDb } from '../../db/database';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDatasetVersion } from '../datasets/dataset-version';
import { statisticsRepository as repo } from './statistics.repository';

const TOP_LIST_LENGTH = 5;

export function createStatisticsService(db: AppDb) {
  const cache = new VersionedCache<TStatistics>();
  let cachedDay = '';

  return {
    /**
     * Computed once per dataset version (and per day, since "recent" moves with the calendar);
     * last_updated is the time of the newest data change.
     */
    async get(): Promise<TStatistics> {
      const { version, updatedAt } = await currentDatasetVersion(db);
      const today = new Date().toISOString().slice(0, 10);
      if (today !== cachedDay) {
        cachedDay = today;
        cache.clear();
      }
      return cache.get(version, async () => {
        const [counts, topCountries, topSpecies] = await Promise.all([
          repo.counts(db),
          repo.topCountries(db, TOP_LIST_LENGTH),
          repo.topSpecies(db, TOP_LIST_LENGTH),
        ]);
        return {
          ...counts,
          data_access_24_7: counts.observations_count > 0,
          top_countries: topCountries,
          top_species: topSpecies,
          last_updated: updatedAt.toISOString(),
        };
      });
    },
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
