import { constants as zlibConstants, gunzip, gunzipSync, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import {
  defaultRangesFromMaxMin,
  maxMinAnswerFromBounds,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type TColony,
} from '@coral/core';
import type { AppDb } from '../../db/database';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDatasetVersion } from '../datasets/dataset-version';
import { publishedSnapshotsRepository as snapshots } from '../datasets/published-snapshots.repository';
import { emptyThresholdLists } from '../thresholds/threshold.presenter';
import { thresholdsRepository } from '../thresholds/thresholds.repository';
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

/**
 * Version of the feed's shape, part of its ETag. 2: colonies carry `collection_years`. A stored
 * snapshot of an older shape (published before an upgrade) is rebuilt on first use.
 */
export const COLONY_FEED_FORMAT = 2;

/**
 * Whether a stored snapshot has the current shape, judged from its first colony: only the first
 * 4 KB are inflated, so the check costs microseconds whatever the feed's size.
 */
export function hasCurrentFeedFormat(gzipped: Buffer): boolean {
  const head = gunzipSync(gzipped.subarray(0, 4096), {
    finishFlush: zlibConstants.Z_SYNC_FLUSH,
  }).toString('utf8');
  return head === '[]' || head.includes('"collection_years":');
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

/**
 * The filters' dataset defaults, built from the same bounds the three max-min endpoints answer
 * (trustworthy values only), through the same core function the browser uses.
 */
export async function loadDefaultRanges(db: AppDb): Promise<DefaultRanges> {
  const bounds = await Promise.all(
    THRESHOLD_KINDS.map((kind) => thresholdsRepository.bounds(db, kind)),
  );
  return defaultRangesFromMaxMin(
    Object.fromEntries(
      THRESHOLD_KINDS.map((kind, i) => [kind, maxMinAnswerFromBounds(kind, bounds[i]!)]),
    ),
  );
}

export function createColoniesService(db: AppDb) {
  const cache = new VersionedCache<ColonyFeed>();
  const defaultsCache = new VersionedCache<DefaultRanges>();
  const feedOf = (version: number) =>
    cache.get(version, async () => {
      const stored = await snapshots.find(db, 'colonies', version);
      const gzipped =
        stored && hasCurrentFeedFormat(stored) ? stored : await publishColonyFeed(db, version);
      return feedFrom(version, gzipped);
    });

  return {
    /** The feed of the current dataset version: from this process's memory, else the database. */
    async feed(): Promise<ColonyFeed> {
      const { version } = await currentDatasetVersion(db);
      return feedOf(version);
    },

    /**
     * The feed and the filters' default ranges of one dataset version (the defaults are read
     * once per version: three small aggregate queries).
     */
    async filterContext(): Promise<{ feed: ColonyFeed; defaults: DefaultRanges }> {
      const { version } = await currentDatasetVersion(db);
      const [feed, defaults] = await Promise.all([
        feedOf(version),
        defaultsCache.get(version, () => loadDefaultRanges(db)),
      ]);
      return { feed, defaults };
    },
  };
}
export type ColoniesService = ReturnType<typeof createColoniesService>;
