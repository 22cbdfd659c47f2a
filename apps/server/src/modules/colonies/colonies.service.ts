import { gunzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { TColony } from '@coral/core';
import type { AppDb } from '../../db/database';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDatasetVersion } from '../datasets/dataset-version';
import { publishedSnapshotsRepository as snapshots } from '../datasets/published-snapshots.repository';
import { emptyThresholdLists } from '../thresholds/threshold.presenter';
import { loadThresholdLists } from '../thresholds/thresholds.service';
import { coloniesRepository } from './colonies.repository';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Colonies with their thresholds: four queries whatever the number of colonies. */
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

/**
 * Builds the public colonies feed (gzipped JSON) and stores it for `version`. Runs in the
 * transaction of every data change, so requests never pay for it.
 */
export async function publishColonyFeed(db: AppDb, version: number): Promise<Buffer> {
  const colonies = await loadAllColonies(db);
  const gzipped = await gzipAsync(JSON.stringify(colonies));
  await snapshots.save(db, 'colonies', version, gzipped);
  return gzipped;
}

export interface ColonyFeed {
  version: number;
  gzipped: Buffer;
  /** The uncompressed JSON, for clients that do not accept gzip (decompressed once, lazily). */
  json(): Promise<Buffer>;
  /** Parsed colonies, for server-side work on the feed (parsed once, lazily). */
  colonies(): Promise<TColony[]>;
}

function feedFrom(version: number, gzipped: Buffer): ColonyFeed {
  let json: Promise<Buffer> | undefined;
  let colonies: Promise<TColony[]> | undefined;
  const feed: ColonyFeed = {
    version,
    gzipped,
    json: () => (json ??= gunzipAsync(gzipped)),
    colonies: () => (colonies ??= feed.json().then((b) => JSON.parse(b.toString()) as TColony[])),
  };
  return feed;
}

export function createColoniesService(db: AppDb) {
  const cache = new VersionedCache<ColonyFeed>();

  return {
    /** The feed of the current dataset version: from this process's memory, else the database. */
    async feed(): Promise<ColonyFeed> {
      const { version } = await currentDatasetVersion(db);
      return cache.get(version, async () => {
        const gzipped =
          (await snapshots.find(db, 'colonies', version)) ?? (await publishColonyFeed(db, version));
        return feedFrom(version, gzipped);
      });
    },
  };
}
export type ColoniesService = ReturnType<typeof createColoniesService>;
