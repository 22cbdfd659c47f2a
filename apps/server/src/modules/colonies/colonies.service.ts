import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { TColony } from '@coral/core';
import type { AppDb } from '../../db/database';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDatasetVersion } from '../datasets/dataset-version';
import { emptyThresholdLists } from '../thresholds/threshold.presenter';
import { loadThresholdLists } from '../thresholds/thresholds.service';
import { coloniesRepository } from './colonies.repository';

const gzipAsync = promisify(gzip);

export interface ColonyFeed {
  version: number;
  colonies: TColony[];
  json: Buffer;
  gzipped: Buffer;
}

/** Every colony with its thresholds: four queries whatever the size, built once per version. */
export async function loadAllColonies(
  db: AppDb,
  colonyIds?: readonly number[],
): Promise<TColony[]> {
  const [rows, thresholds] = await Promise.all([
    coloniesRepository.listWithProjects(db, colonyIds),
    loadThresholdLists(db, colonyIds),
  ]);
  return rows.map((row) => ({ ...row, ...(thresholds.get(row.id) ?? emptyThresholdLists()) }));
}

export function createColoniesService(db: AppDb) {
  const cache = new VersionedCache<ColonyFeed>();

  return {
    /**
     * The whole public feed, serialised and gzipped once per dataset version: the map asks for
     * it on every visit and at 100,000 colonies serialising it per request would dominate.
     */
    async feed(): Promise<ColonyFeed> {
      const { version } = await currentDatasetVersion(db);
      return cache.get(version, async () => {
        const colonies = await loadAllColonies(db);
        const json = Buffer.from(JSON.stringify(colonies));
        return { version, colonies, json, gzipped: await gzipAsync(json, { level: 6 }) };
      });
    },
  };
}
export type ColoniesService = ReturnType<typeof createColoniesService>;
