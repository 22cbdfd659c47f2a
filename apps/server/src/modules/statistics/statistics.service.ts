import { gunzipSync, gzipSync } from 'node:zlib';
import type { TStatistics } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDataVersion, findSnapshot, saveSnapshot } from '../read-models/read-models.service';
import { statisticsRepository as repo } from './statistics.repository';

const TOP_LIST_LENGTH = 5;

/**
 * Format of the stored statistics, stored with them: a snapshot of another format (an older
 * release's) is recomputed. 1: `{ day, statistics }`.
 */
const STATISTICS_FORMAT = '1';

interface StoredStatistics {
  /** "recent" is relative to this day; a snapshot from another day is recomputed. */
  day: string;
  statistics: TStatistics;
}

const today = () => new Date().toISOString().slice(0, 10);

async function computeStatistics(db: AppDb, updatedAt: Date): Promise<TStatistics> {
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
}

/** Computes and stores the statistics of the current data (called with every data change). */
export async function publishStatistics(db: AppDb): Promise<TStatistics> {
  const { version, updatedAt } = await currentDataVersion(db);
  const statistics = await computeStatistics(db, updatedAt);
  const stored: StoredStatistics = { day: today(), statistics };
  await saveSnapshot(
    db,
    'statistics',
    version,
    STATISTICS_FORMAT,
    gzipSync(JSON.stringify(stored)),
  );
  return statistics;
}

export function createStatisticsService(db: AppDb) {
  const cache = new VersionedCache<StoredStatistics>();

  return {
    /** last_updated is the time of the newest data change. */
    async get(): Promise<TStatistics> {
      const { version } = await currentDataVersion(db);
      const load = async (): Promise<StoredStatistics> => {
        const content = await findSnapshot(db, 'statistics', version, STATISTICS_FORMAT);
        const stored = content && (JSON.parse(gunzipSync(content).toString()) as StoredStatistics);
        if (stored && stored.day === today()) return stored;
        return { day: today(), statistics: await publishStatistics(db) };
      };
      let entry = await cache.get(version, load);
      if (entry.day !== today()) {
        cache.clear();
        entry = await cache.get(version, load);
      }
      return entry.statistics;
    },
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
