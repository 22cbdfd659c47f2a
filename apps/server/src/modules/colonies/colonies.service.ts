import { constants, gunzip, inflateRaw } from 'node:zlib';
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
import {
  COLONY_COLUMNS_LAYOUT,
  columnsFromColonies,
  encodeColonyColumns,
} from '@coral/core/map-clusters';
import type { AppDb } from '../../db/schema';
import { pageOf } from '../../lib/keyset-cursor';
import { jsonArrayPieces } from '../../lib/json-array-stream';
import { LruCache } from '../../lib/lru-cache';
import { VersionedCache } from '../../lib/versioned-cache';
import type { ColonyScope } from '../../db/visibility';
import { assembleGzip, deflateSegment, deflateSegmentSync } from '../../lib/gzip-segments';
import {
  currentDataVersion,
  findPartsBuilt,
  findSnapshotParts,
  listSnapshotParts,
  lockDataVersion,
  saveDerivedParts,
  saveDerivedPartsIfNewer,
  saveSnapshotParts,
  snapshotState,
  type DerivedPartsName,
  type ListedPart,
  type PartVersion,
  type SnapshotPart,
} from '../read-models/read-models.service';
import { loadThresholdLists, thresholdBounds } from '../thresholds/thresholds.service';
import { coloniesRepository } from './colonies.repository';

const gunzipAsync = promisify(gunzip);
const inflateRawAsync = promisify(inflateRaw);

/**
 * Colonies with their thresholds, as the feed lists them: those of `scope` (every public colony
 * by default; see ColonyScope for ids, their public rows only, or id ranges of the feed's parts).
 * The one builder of a feed item, for the feed, its parts and its pages alike. Five queries
 * whatever the number of colonies.
 */
export async function loadAllColonies(db: AppDb, scope: ColonyScope = {}): Promise<TColony[]> {
  const [rows, thresholds] = await Promise.all([
    coloniesRepository.listWithProjects(db, scope),
    loadThresholdLists(db, scope),
  ]);
  return rows.map(({ verbatim_species, ...row }) => ({
    ...row,
    // Only a synonym carries it: the feed of a million colonies does not repeat every name.
    ...(verbatim_species === null ? {} : { verbatim_species }),
    ...(thresholds.get(row.id) ?? emptyThresholdLists()),
  }));
}

/** Colonies read per query when a long list of items is streamed (a few MB of JSON each). */
const ITEMS_PER_READ = 2000;

/** Filtered lists of up to ITEMS_PER_READ colonies kept serialised, for the filter sets asked last. */
const KEPT_FILTERED_LISTS = 32;

/**
 * The ids (ascending) of the colonies the map shows for a filter set, with the data version they
 * were selected in: the map's model selects them (decision 0041: core's filter engine over the
 * model's columns), without the feed.
 */
export type MatchingIds = (
  filters: FilterSet,
  known?: { version: number; defaults: DefaultRanges },
) => Promise<{ version: number; ids: Int32Array }>;

/**
 * Version of the feed's JSON shape. 2: colonies carry `collection_years`; 3: `species` is the
 * name shown, a synonym's accepted name (decision 0060), so feeds stored before are rebuilt;
 * 4: a synonym's colony carries the name as written, `verbatim_species` (decision 0063).
 */
const COLONY_FEED_SHAPE = 4;

/**
 * The format of the feed this code builds: its shape and the threshold kinds each colony lists,
 * so a kind added to the registry changes it without an edit here. Part of the feed's ETag (a
 * browser's copy of another format is not answered 304), hence no commas: clients list ETags in
 * If-None-Match separated by commas.
 */
export const COLONY_FEED_FORMAT = `${COLONY_FEED_SHAPE}:${THRESHOLD_KINDS.join('.')}`;

/**
 * Colony ids per stored part of the feed (decision 0038): part n holds the public colonies with
 * ids in [n·1024, (n+1)·1024). An upload's colonies get consecutive new ids, so 1,000 of them
 * touch two or three parts; at a million colonies the feed has about a thousand parts.
 */
export const FEED_PART_IDS = 1024;

/**
 * How the feed is stored: the JSON format and its division into parts. Stored with the snapshot
 * (a snapshot stored otherwise, e.g. whole by an older release, is rebuilt on first use) but not
 * part of the ETag: the division does not change a byte of the JSON.
 */
export const COLONY_FEED_STORAGE = `${COLONY_FEED_FORMAT}/parts-${FEED_PART_IDS}`;

const OPEN = deflateSegmentSync(Buffer.from('['));
const COMMA = deflateSegmentSync(Buffer.from(','));
const CLOSE = deflateSegmentSync(Buffer.from(']'));

/**
 * Where the map's columns of each feed part are stored (decision 0041), named by their layout:
 * a part of another layout (another release) is never read. A columns part is valid for the
 * feed part of the same number and build.
 */
export const COLONY_COLUMNS_PARTS: DerivedPartsName = `colony-columns/${COLONY_COLUMNS_LAYOUT}`;
const COLUMNS_PREFIX = 'colony-columns/';

/** The parts of the feed and of the map's columns, built from the same colonies. */
interface BuiltParts {
  parts: SnapshotPart[];
  columns: SnapshotPart[];
}

/** The colonies (sorted by id) grouped by feed part. */
function byPart(colonies: readonly TColony[]): Map<number, TColony[]> {
  const groups = new Map<number, TColony[]>();
  for (const colony of colonies) {
    const part = Math.floor(colony.id / FEED_PART_IDS);
    const items = groups.get(part);
    if (items) items.push(colony);
    else groups.set(part, [colony]);
  }
  return groups;
}

/** A feed part's map columns, deflated like the feed's parts. */
export function columnsPartOf(part: number, colonies: readonly TColony[]): Promise<SnapshotPart> {
  const bytes = encodeColonyColumns(columnsFromColonies(colonies));
  return deflateSegment(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)).then(
    (segment) => ({ part, ...segment }),
  );
}

/**
 * The stored parts of the given colonies (sorted by id), each its items' JSON joined by commas:
 * JSON.stringify of the array, cut between items; with each, its map columns.
 */
async function feedParts(colonies: readonly TColony[]): Promise<BuiltParts> {
  const groups = [...byPart(colonies)];
  const [parts, columns] = await Promise.all([
    Promise.all(
      groups.map(async ([part, items]) => ({
        part,
        ...(await deflateSegment(Buffer.from(items.map((c) => JSON.stringify(c)).join(',')))),
      })),
    ),
    Promise.all(groups.map(([part, items]) => columnsPartOf(part, items))),
  ]);
  return { parts, columns };
}

/** The gzipped feed: '[', the parts in order separated by ',', ']' (one gzip member). */
function assembleFeed(parts: readonly SnapshotPart[]): Buffer {
  const ordered = [...parts].sort((a, b) => a.part - b.part);
  return assembleGzip([OPEN, ...ordered.flatMap((p, i) => (i === 0 ? [p] : [COMMA, p])), CLOSE]);
}

/** Half-open id ranges of the given parts, neighbours merged (fewer conditions in SQL). */
function idRangesOf(parts: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const part of [...parts].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && last[1] === part * FEED_PART_IDS) last[1] += FEED_PART_IDS;
    else ranges.push([part * FEED_PART_IDS, (part + 1) * FEED_PART_IDS]);
  }
  return ranges;
}

/** Builds every part of the feed (and its columns) from the tables and stores them for `version`. */
async function rebuildColonyFeed(db: AppDb, version: number): Promise<SnapshotPart[]> {
  const { parts, columns } = await feedParts(await loadAllColonies(db));
  await saveSnapshotParts(db, 'colonies', version, COLONY_FEED_STORAGE, {
    parts,
    replaceAll: true,
  });
  await saveDerivedParts(db, COLONY_COLUMNS_PARTS, version, {
    parts: columns,
    replaceAll: { layoutsPrefix: COLUMNS_PREFIX },
  });
  return parts;
}

/**
 * Publishes the colonies feed for `version` in the transaction of a data change, so requests
 * never pay for it. Given the dataset versions whose visibility changed, and the stored feed
 * being the previous version's in this storage format, only the parts holding colonies those
 * versions touch are rebuilt (decision 0036); otherwise (the seed's first import, a snapshot of an
 * older release, a deleted one) every part is. Answers which it did.
 */
export async function publishColonyFeed(
  db: AppDb,
  version: number,
  changed?: { datasetVersionIds: readonly number[] },
): Promise<'parts' | 'full'> {
  const stored = changed && (await snapshotState(db, 'colonies'));
  if (!changed || stored?.format !== COLONY_FEED_STORAGE || stored.version !== version - 1) {
    await rebuildColonyFeed(db, version);
    return 'full';
  }
  const touched = new Set(
    (await coloniesRepository.idsTouchedByVersions(db, changed.datasetVersionIds)).map((id) =>
      Math.floor(id / FEED_PART_IDS),
    ),
  );
  const { parts, columns } = await feedParts(
    await loadAllColonies(db, { publicIdRanges: idRangesOf([...touched]) }),
  );
  const rebuilt = new Set(parts.map((p) => p.part));
  // A touched part left without public colonies (a withdrawal) is deleted, not stored empty.
  const removed = [...touched].filter((part) => !rebuilt.has(part));
  await saveSnapshotParts(db, 'colonies', version, COLONY_FEED_STORAGE, { parts, removed });
  await saveDerivedParts(db, COLONY_COLUMNS_PARTS, version, { parts: columns, removed });
  return 'parts';
}

/**
 * The gzipped feed as a full rebuild makes it, not stored (tests compare the stored feed with
 * it).
 */
export async function buildColonyFeedGzip(db: AppDb): Promise<Buffer> {
  return assembleFeed((await feedParts(await loadAllColonies(db))).parts);
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
  return ids.length === 0 ? [] : loadAllColonies(db, { ids });
}

/**
 * The parts of the feed of `version` (decision 0038) without their bytes: number, build and
 * whether its map columns are stored (decision 0041); undefined when the stored feed is not
 * that version's in this storage.
 */
export function listFeedParts(db: AppDb, version: number): Promise<ListedPart[] | undefined> {
  return listSnapshotParts(db, 'colonies', version, COLONY_FEED_STORAGE, COLONY_COLUMNS_PARTS);
}

/** A stored part uncompressed: a columns part, or the feed's JSON items joined by commas. */
export interface FeedPartBytes extends PartVersion {
  bytes: Buffer;
}

/**
 * The uncompressed parts of exactly the wanted builds, their map columns or their JSON; a part
 * rebuilt since the builds were listed is missing from the answer. Inflated off the event loop.
 */
export async function readFeedParts(
  db: AppDb,
  wanted: readonly PartVersion[],
  kind: 'columns' | 'json',
): Promise<FeedPartBytes[]> {
  const stored = await findPartsBuilt(
    db,
    kind === 'columns' ? COLONY_COLUMNS_PARTS : 'colonies',
    wanted,
  );
  return Promise.all(
    stored.map(async ({ part, builtVersion, deflated }) => ({
      part,
      builtVersion,
      bytes: await inflateRawAsync(deflated, { finishFlush: constants.Z_SYNC_FLUSH }),
    })),
  );
}

/**
 * Stores the map columns of feed parts that were published without them (by a release before
 * Decision 0041), derived from their JSON by a reader; one stored meanwhile by a data change is
 * kept.
 */
export async function saveMissingColumnsParts(
  db: AppDb,
  parts: readonly (PartVersion & { colonies: readonly TColony[] })[],
): Promise<void> {
  const columns = await Promise.all(
    parts.map(async (p) => ({
      ...(await columnsPartOf(p.part, p.colonies)),
      builtVersion: p.builtVersion,
    })),
  );
  await saveDerivedPartsIfNewer(db, COLONY_COLUMNS_PARTS, columns);
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
  const filteredLists = new LruCache<string, Promise<Buffer>>(KEPT_FILTERED_LISTS);

  /**
   * The JSON array of the feed's items of the given public colonies (ascending ids), in pieces:
   * read from the database ITEMS_PER_READ colonies at a time, so a list of a million colonies is
   * streamed without its whole text (over what one string holds) or all its items in memory.
   * With `hideFlagged` each item is shown without its hidden entries (decision 0013).
   */
  function itemsJson(ids: ArrayLike<number>, options: { hideFlagged: boolean }) {
    return jsonArrayPieces(itemBatches(ids, options));
  }
  async function* itemBatches(
    ids: ArrayLike<number>,
    options: { hideFlagged: boolean },
  ): AsyncGenerator<TColony[]> {
    for (let start = 0; start < ids.length; start += ITEMS_PER_READ) {
      const wanted = Array.from({ length: Math.min(ITEMS_PER_READ, ids.length - start) }, (_, k) =>
        Number(ids[start + k]),
      );
      const items = await loadAllColonies(db, { ids: wanted, publicOnly: true });
      yield options.hideFlagged ? items.map(withoutFlaggedEntries) : items;
    }
  }

  const defaultsCache = new VersionedCache<DefaultRanges>();
  const defaultsOf = (version: number) => defaultsCache.get(version, () => loadDefaultRanges(db));
  const feedOf = (version: number) =>
    cache.get(version, async () => {
      const stored = await findSnapshotParts(db, 'colonies', version, COLONY_FEED_STORAGE);
      if (stored) return feedFrom(version, assembleFeed(stored));
      // No feed of this version in this format: rebuilt under the data version's lock, so it is
      // built from the data of the version it is stored for (the version may have moved on
      // meanwhile, and another process may have rebuilt it first).
      return db.transaction().execute(async (trx) => {
        const current = await lockDataVersion(trx);
        const parts =
          (await findSnapshotParts(trx, 'colonies', current, COLONY_FEED_STORAGE)) ??
          (await rebuildColonyFeed(trx, current));
        return feedFrom(current, assembleFeed(parts));
      });
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

    /** The current data version (one small query; no cache). */
    async dataVersion(): Promise<number> {
      return (await currentDataVersion(db)).version;
    },

    /** The feed's stored parts, for a model built from them part by part (decision 0041). */
    feedParts: {
      list: (version: number) => listFeedParts(db, version),
      read: (wanted: readonly PartVersion[], kind: 'columns' | 'json') =>
        readFeedParts(db, wanted, kind),
      saveMissingColumns: (parts: readonly (PartVersion & { colonies: readonly TColony[] })[]) =>
        saveMissingColumnsParts(db, parts),
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
     * The feed's items of the given public colonies, read from the database by id (in id order;
     * a colony that is not public is left out): what the server lists without holding the feed.
     */
    publicItems(ids: readonly number[]): Promise<TColony[]> {
      return loadAllColonies(db, { ids, publicOnly: true });
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
      const items = await loadAllColonies(db, {
        ids: rows.map((r) => r.id),
        publicOnly: true,
      });
      const hideFlagged = normalizeFilterSet(query.filters, query.defaults).hideFlagged === true;
      return { colonies: hideFlagged ? items.map(withoutFlaggedEntries) : items, nextAfterId };
    },

    /**
     * A short filtered list (at most ITEMS_PER_READ colonies) as one JSON text, kept for the
     * filter sets asked last under `key` (which must name the data version and the normal
     * filter set): a map that asks again costs no read. A failed read is not kept.
     */
    shortListJson(
      key: string,
      ids: ArrayLike<number>,
      options: { hideFlagged: boolean },
    ): Promise<Buffer> {
      if (ids.length > ITEMS_PER_READ) throw new Error('shortListJson: more ids than one read');
      const json = filteredLists.getOrCreate(key, async () => {
        const pieces: Buffer[] = [];
        for await (const piece of itemsJson(ids, options)) pieces.push(piece);
        return Buffer.concat(pieces);
      });
      json.catch(() => filteredLists.delete(key));
      return json;
    },

    itemsJson,
  };
}
export type ColoniesService = ReturnType<typeof createColoniesService>;
