import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import {
  ALL_RANGE_KEYS,
  colonyPredicate,
  FALLBACK_DEFAULT_RANGES,
  filterSetToQueryString,
  normalizeFilterSet,
  type DefaultRanges,
  type FilterSet,
  type TClusterMarker,
  type TClusterMembers,
  type TColonyChoices,
  type TColonyClusters,
  type TSiteMarker,
} from '@coral/core';
import {
  buildClusterIndex,
  colonyFacts,
  frameBox,
  selectColumnar,
  summarizeColumnarSites,
  toMap,
  type ClusterIndex,
  type ColumnarMapModel,
  type MapSelection,
  type SelectedSite,
} from '@coral/core/map-clusters';
import { AppError } from '../../errors';
import { jsonIntArray } from '../../lib/json-int-array';
import { LruCache } from '../../lib/lru-cache';
import type { VersionedJson } from '../../lib/send-preserialized';
import { VersionedCache } from '../../lib/versioned-cache';
import type { ColoniesService } from '../colonies/colonies.service';
import { createMapModelStore, warmMapModel, type MapModelStore } from './map-model-store';
import type { MarkerRef } from './marker-ref';

const gzipAsync = promisify(gzip);

/** A map view as the map reports it (Leaflet's bounds). */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The default and largest page of a marker's colonies (the contract's `limit`). */
export const MEMBERS_PAGE = 50;

/**
 * Filter sets whose selection and cluster index are kept per process. An index of the 682-colony
 * seed takes about a millisecond to build, one of 100,000 colonies tens of milliseconds; the map
 * asks the same filter set again at every pan and zoom, so the last few are kept.
 */
export const KEPT_FILTER_SETS = 16;

/** How often a warmed process checks whether the data version moved (one small query). */
export const MODEL_CHECK_INTERVAL_MS = 1_000;

/** A data version whose model turned out newer than its defaults is read again, this often. */
const CONTEXT_ATTEMPTS = 3;

/** An answer serialised once, plain and gzipped. */
export interface SerializedJson {
  json: Buffer;
  gzipped: Buffer;
}

/**
 * A filter set's selection and index, with its sites by exact coordinates and its ids answer
 * (each made on first use).
 */
interface Clustered {
  selection: MapSelection;
  index: ClusterIndex;
  sitesByCoordinates?: Map<string, SelectedSite>;
  /** The selection's colony ids, ascending (made on first use). */
  idArray?: Int32Array;
  ids?: Promise<SerializedJson>;
}

/** Everything an answer for one data version and normalised filter set is computed from. */
interface Selected {
  version: number;
  model: ColumnarMapModel;
  clustered: Clustered;
}

const coordinatesKey = (latitude: number, longitude: number) => `${latitude},${longitude}`;

/**
 * The map's markers computed on the server (decisions 0039, 0041): the selection and supercluster
 * index the browser builds (`@coral/core/map-clusters`), over the columnar model of the public
 * colonies of the current data version (built from the published feed's parts, so only public
 * colonies are counted, decision 0006), filtered with the meaning and defaults of
 * GET /api/public/colonies/?<filters> (core's filter predicate over the columns). A marker's
 * members, the ids of the colonies shown and the filters' choices come from the same model and
 * selection.
 */
export function createColonyClustersService(
  colonies: ColoniesService,
  options: {
    store?: MapModelStore;
    /** Where background failures go (warming, storing derived columns); requests still answer. */
    onError?: (error: unknown) => void;
  } = {},
) {
  const onError = options.onError ?? (() => {});
  const store = options.store ?? createMapModelStore(colonies, { onError });
  const choicesCache = new VersionedCache<VersionedJson>();
  const indexes = new LruCache<string, Clustered>(KEPT_FILTER_SETS);

  /**
   * The current data version, its model and, when `filters` names a range, its filters' defaults
   * (normalizeFilterSet reads them for range keys only; three aggregates over the threshold
   * tables after each data change, which the map's first request need not wait for). A model
   * answers the version it was built for, newer when the data changed while it was built: the
   * defaults are then read again, so both belong to one version.
   */
  async function current(filters: FilterSet | null): Promise<{
    version: number;
    defaults: DefaultRanges;
    model: ColumnarMapModel;
  }> {
    if (!filters || !ALL_RANGE_KEYS.some((key) => filters[key] !== undefined)) {
      const built = await store.of(await colonies.dataVersion());
      return { version: built.version, defaults: FALLBACK_DEFAULT_RANGES, model: built.model };
    }
    for (let attempt = 1; ; attempt++) {
      const { version, defaults } = await colonies.pageContext();
      const built = await store.of(version);
      if (built.version === version || attempt === CONTEXT_ATTEMPTS) {
        return { version: built.version, defaults, model: built.model };
      }
    }
  }

  /**
   * The selection and index of a filter set in the current data version: kept for the last few
   * filter sets, rebuilt otherwise. A rebuild from the same model and filter set gives the same
   * cluster ids (supercluster is deterministic), so a marker stays valid after its index was
   * dropped, and in another process of the same data version.
   */
  function selectIn(
    { version, defaults, model }: Awaited<ReturnType<typeof current>>,
    filters: FilterSet,
  ): Selected {
    const normal = normalizeFilterSet(filters, defaults);
    const clustered = indexes.getOrCreate(`${version}?${filterSetToQueryString(normal)}`, () => {
      const selection = selectColumnar(model, colonyPredicate(normal, defaults));
      return { selection, index: buildClusterIndex(selection) };
    });
    return { version, model, clustered };
  }
  const select = async (filters: FilterSet) => selectIn(await current(filters), filters);

  /** The ids of a selection's colonies, ascending (colony indices are in feed order, i.e. id). */
  function selectedIds({ model, clustered }: Selected): Int32Array {
    if (!clustered.idArray) {
      const { colonyIndices } = clustered.selection;
      const ids = new Int32Array(colonyIndices.length);
      for (let k = 0; k < ids.length; k++) ids[k] = model.ids[colonyIndices[k]!]!;
      clustered.idArray = ids;
    }
    return clustered.idArray;
  }

  /** The colony indices (of the model) under a marker, site by site; null for no such marker. */
  function markerColonies({ model, clustered }: Selected, marker: MarkerRef): number[] | null {
    if (marker.kind === 'cluster') {
      const { index } = clustered;
      return index.hasCluster(marker.id) ? index.colonies(marker.id) : null;
    }
    clustered.sitesByCoordinates ??= new Map(
      clustered.selection.sites.map((site) => [
        coordinatesKey(model.siteLatitude[site.site]!, model.siteLongitude[site.site]!),
        site,
      ]),
    );
    const site = clustered.sitesByCoordinates.get(
      coordinatesKey(marker.latitude, marker.longitude),
    );
    return site ? site.colonies : null;
  }

  return {
    async clusters(filters: FilterSet, zoom: number, view: MapView): Promise<TColonyClusters> {
      const { version, model, clustered } = await select(filters);
      const { selection, index } = clustered;
      const { offset } = selection;
      // Markers are placed in the world copy of the view's centre, as the map does.
      const near = (view.west + view.east) / 2;
      const markers = index.markers(frameBox(view, offset), zoom).map((marker) => {
        const { latitude, frameLongitude, count } = marker;
        const common = {
          latitude,
          longitude: toMap(frameLongitude, offset, near),
          frameLongitude,
          count,
          sumAbsolute: marker.sumAbsolute,
          countAbsolute: marker.countAbsolute,
          sumRelative: marker.sumRelative,
          countRelative: marker.countRelative,
        };
        if (marker.kind === 'site') {
          const { site, colonies: members } = marker.site;
          // A site's colonies are not listed (tens of thousands at a million colonies); its
          // members are asked for by its exact coordinates. One colony is named for its marker.
          const only = members.length === 1 ? colonyFacts(model, members[0]!) : null;
          return {
            kind: 'site',
            ...common,
            site: { latitude: model.siteLatitude[site]!, longitude: model.siteLongitude[site]! },
            ...(only ? { colony: { id: only.id, name: only.name } } : {}),
          } satisfies TSiteMarker;
        }
        return {
          kind: 'cluster',
          id: marker.clusterId,
          expansionZoom: index.expansionZoom(marker.clusterId),
          ...common,
        } satisfies TClusterMarker;
      });
      return {
        data_version: version,
        total: model.count,
        matching: selection.count,
        offset,
        mean: selection.mean,
        bounds: selection.bounds,
        markers,
      };
    },

    /**
     * The matching colonies under a marker of the clusters answer of `dataVersion` for the same
     * filter set: its sites summarised as the popups show them, and a page of its colonies in id
     * order, read from the database (the model need not hold feed items).
     */
    async members(
      filters: FilterSet,
      marker: MarkerRef,
      dataVersion: number,
      page: { offset: number; limit: number },
    ): Promise<TClusterMembers> {
      const now = await current(filters);
      if (dataVersion !== now.version) {
        throw new AppError(
          409,
          'STALE_DATA_VERSION',
          `data_version ${dataVersion} is not the current one (${now.version}): the data ` +
            'changed since the marker was given; ask for the clusters again.',
        );
      }
      const selected = selectIn(now, filters);
      const atMarker = markerColonies(selected, marker);
      if (atMarker === null) {
        throw new AppError(
          404,
          'MARKER_NOT_FOUND',
          marker.kind === 'site'
            ? `No colony at site ${marker.latitude},${marker.longitude} passes these filters.`
            : `No cluster ${marker.id} for these filters in data version ${dataVersion}.`,
        );
      }
      const { model, clustered } = selected;
      // A typed array's sort is numeric and fast (a cluster can hold most of a million colonies).
      const ids = Int32Array.from(atMarker, (i) => model.ids[i]!).sort();
      const pageIds = Array.from(ids.subarray(page.offset, page.offset + page.limit));
      return {
        data_version: selected.version,
        count: ids.length,
        offset: page.offset,
        sites: summarizeColumnarSites(model, clustered.selection, atMarker),
        colonies: pageIds.length === 0 ? [] : await colonies.publicItems(pageIds),
      };
    },

    /**
     * The ids of the colonies the map shows for `filters` (the clusters' selection), ascending,
     * as the bytes of the answer: up to a million ids, written digit by digit and gzipped at the
     * fastest level (JSON.stringify, schema validation and the default level took hundreds of
     * milliseconds at a million colonies), once per kept filter set.
     */
    async ids(filters: FilterSet): Promise<SerializedJson> {
      const selected = await select(filters);
      const { version, clustered } = selected;
      const answer = (clustered.ids ??= (async () => {
        const ids = selectedIds(selected);
        const json = Buffer.concat([
          Buffer.from(`{"data_version":${version},"ids":`),
          jsonIntArray(ids),
          Buffer.from('}'),
        ]);
        return { json, gzipped: await gzipAsync(json, { level: constants.Z_BEST_SPEED }) };
      })());
      // A failure is not kept: the next call tries again.
      answer.catch(() => {
        if (clustered.ids === answer) clustered.ids = undefined;
      });
      return answer;
    },

    /**
     * The ids of the colonies the map shows for `filters`, ascending, with the data version they
     * were selected in: what the filtered colonies list and the map view's downloads read, so
     * neither needs the whole feed (at a million colonies its JSON exceeds what a string holds).
     */
    async matchingIds(
      filters: FilterSet,
      known?: { version: number; defaults: DefaultRanges },
    ): Promise<{ version: number; ids: Int32Array }> {
      // A caller that has just read the version and its default ranges saves reading them again.
      const built = known && (await store.of(known.version));
      const selected =
        known && built && built.version === known.version
          ? selectIn({ ...known, model: built.model }, filters)
          : await select(filters);
      return { version: selected.version, ids: selectedIds(selected) };
    },

    /** The filter sidebar's choices over the public colonies, serialised once per data version. */
    async choices(): Promise<VersionedJson> {
      const { version, model } = await current(null);
      return choicesCache.get(version, async () => {
        const body: TColonyChoices = {
          data_version: version,
          total: model.count,
          species: model.species,
          projects: model.projects,
          years: model.years,
        };
        const json = Buffer.from(JSON.stringify(body));
        return { etag: `"colony-choices-v${version}"`, json, gzipped: await gzipAsync(json) };
      });
    },

    /**
     * Keeps the model and the filters' defaults of the current data version built in the
     * background (a server process's start, and every data change, from this process or
     * another): the first request after either does not wait for them. Answers its stop.
     */
    warm(): () => void {
      return warmMapModel(store, {
        version: () => colonies.dataVersion(),
        also: () => colonies.pageContext(),
        intervalMs: MODEL_CHECK_INTERVAL_MS,
        onError,
      });
    },
  };
}
export type ColonyClustersService = ReturnType<typeof createColonyClustersService>;
