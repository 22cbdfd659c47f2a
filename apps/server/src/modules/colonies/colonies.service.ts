import { gunzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import {
  colonyPredicate,
  defaultRangesFromMaxMin,
  emptyThresholdLists,
  maxMinAnswerFromBounds,
  normalizeFilterSet,
  THRESHOLD_KINDS,
  withoutFlaggedEntries,
  type DefaultRanges,
  type FilterSet,
  type TColony,
} from '@coral/core';
import type { AppDb } from '../../db/database';
import { pageOf } from '../../lib/keyset-cursor';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDataVersion, findSnapshot, saveSnapshot } from '../read-models/read-models.service';
import { loadThresholdLists, thresholdBounds } from '../thresholds/thresholds.service';
import { coloniesRepository } from './colonies.repository';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Colonies with their thresholds, as the feed lists them: every public colony, or the given ones
 * (with `publicOnly`, read from their public rows exactly as the feed reads them). The one
 * builder of a feed item, for the feed and its pages alike. Five queries whatever the number of
 * colonies.
 */
export async function loadAllColonies(
  db: AppDb,
  colonyIds?: readonly number[],
  { publicOnly = false }: { publicOnly?: boolean } = {},
): Promise<TColony[]> {
  const [rows, thresholds] = await Promise.all([
    coloniesRepository.listWithProjects(db, { ids: colonyIds, publicOnly }),
    loadThresholdLists(db, colonyIds, { publicOnly }),
  ]);
  return rows.map((row) => ({ ...row, ...(thresholds.get(row.id) ?? emptyThresholdLists()) }));
}

/** Version of the feed's JSON shape. 2: colonies carry `collection_years`. */
const COLONY_FEED_SHAPE = 2;

/**
 * The format of the feed this code builds: its shape and the threshold kinds each colony lists,
 * so a kind added to the registry changes it without an edit here. Stored with every snapshot
 * (a snapshot of another format, from an older release, is rebuilt on first use) and part of the
 * feed's ETag (a browser's copy of another format is not answered 304), hence no commas: clients
 * list ETags in If-None-Match separated by commas.
 */
export const COLONY_FEED_FORMAT = `${COLONY_FEED_SHAPE}:${THRESHOLD_KINDS.join('.')}`;

/**
 * Builds the public colonies feed (gzipped JSON) and stores it for `version`. Runs in the
 * transaction of every data change, so requests never pay for it.
 */
export async function publishColonyFeed(db: AppDb, version: number): Promise<Buffer> {
  const colonies = await loadAllColonies(db);
  const gzipped = await gzipAsync(JSON.stringify(colonies));
  await saveSnapshot(db, 'colonies', version, COLONY_FEED_FORMAT, gzipped);
  return gzipped;
}

/** Ids among `ids` that name a colony the viewer may read (published, or their own). */
export function readableColonyIds(
  db: AppDb,
  ids: readonly number[],
  viewerId: number,
): Promise<number[]> {
  return coloniesRepository.readableIds(db, ids, viewerId);
}

/** The colonies of the given dataset versions, with their thresholds. */
export async function coloniesOfVersions(
  db: AppDb,
  versionIds: readonly number[],
): Promise<TColony[]> {
  const ids = await coloniesRepository.idsOfVersions(db, versionIds);
  return ids.length === 0 ? [] : loadAllColonies(db, ids);
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
  const bounds = await Promise.all(THRESHOLD_KINDS.map((kind) => thresholdBounds(db, kind)));
  return defaultRangesFromMaxMin(
    Object.fromEntries(
      THRESHOLD_KINDS.map((kind, i) => [kind, maxMinAnswerFromBounds(kind, bounds[i]!)]),
    ),
  );
}

export interface ColonyPage {
  /** The feed's items of the page's colonies (with hideFlagged, without their hidden entries). */
  colonies: TColony[];
  /** The colony id the next page starts after; null on the last page. */
  nextAfterId: number | null;
}

export function createColoniesService(db: AppDb) {
  const cache = new VersionedCache<ColonyFeed>();
  const defaultsCache = new VersionedCache<DefaultRanges>();
  const defaultsOf = (version: number) => defaultsCache.get(version, () => loadDefaultRanges(db));
  const feedOf = (version: number) =>
    cache.get(version, async () => {
      const stored = await findSnapshot(db, 'colonies', version, COLONY_FEED_FORMAT);
      const gzipped = stored ?? (await publishColonyFeed(db, version));
      return feedFrom(version, gzipped);
    });

  return {
    /** The feed of the current dataset version: from this process's memory, else the database. */
    async feed(): Promise<ColonyFeed> {
      const { version } = await currentDataVersion(db);
      return feedOf(version);
    },

    /**
     * The feed and the filters' default ranges of one dataset version (the defaults are read
     * once per version: three small aggregate queries).
     */
    async filterContext(): Promise<{ feed: ColonyFeed; defaults: DefaultRanges }> {
      const { version } = await currentDataVersion(db);
      const [feed, defaults] = await Promise.all([feedOf(version), defaultsOf(version)]);
      return { feed, defaults };
    },

    /**
     * The data version and the filters' defaults, without the feed: what a page read from the
     * database needs (a process serving only pages never loads the whole feed).
     */
    async pageContext(): Promise<{ version: number; defaults: DefaultRanges }> {
      const { version } = await currentDataVersion(db);
      return { version, defaults: await defaultsOf(version) };
    },

    /**
     * A page of the colonies the map shows for `filters`, read from the database (decision
     * 0037): the core's predicate selects the page's ids in SQL (keyset by id, one more than
     * asked to know whether a next page exists), and the feed's own item builder reads their
     * public rows, so each item equals the feed's. With "Hide flagged values" each item is shown
     * without its hidden entries, as `filterColonies` shows it (decision 0013); the database has
     * already left out the colonies the option hides.
     */
    async page(query: {
      filters: FilterSet;
      defaults: DefaultRanges;
      afterId?: number;
      limit?: number;
    }): Promise<ColonyPage> {
      const ids = await coloniesRepository.pageIds(db, {
        predicate: colonyPredicate(query.filters, query.defaults),
        afterId: query.afterId,
        limit: query.limit === undefined ? undefined : query.limit + 1,
      });
      const { rows, nextAfterId } = pageOf(
        ids.map((id) => ({ id })),
        query.limit,
      );
      const items = await loadAllColonies(
        db,
        rows.map((r) => r.id),
        { publicOnly: true },
      );
      const hideFlagged = normalizeFilterSet(query.filters, query.defaults).hideFlagged === true;
      return { colonies: hideFlagged ? items.map(withoutFlaggedEntries) : items, nextAfterId };
    },
  };
}
export type ColoniesService = ReturnType<typeof createColoniesService>;
