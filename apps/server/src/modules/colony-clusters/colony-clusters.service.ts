import {
  compileColonyFilter,
  filterSetToQueryString,
  isEmptyFilterSet,
  normalizeFilterSet,
  type FilterSet,
  type TClusterMarker,
  type TColonyClusters,
  type TSiteMarker,
} from '@coral/core';
import {
  buildClusterIndex,
  buildMapModel,
  frameBox,
  MAX_MAP_ZOOM,
  selectColonies,
  toMap,
  type ClusterIndex,
  type MapModel,
  type MapSelection,
} from '@coral/core/map-clusters';
import { LruCache } from '../../lib/lru-cache';
import { VersionedCache } from '../../lib/versioned-cache';
import type { ColoniesService } from '../colonies/colonies.service';

/** A map view as the map reports it (Leaflet's bounds). */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
}

interface Clustered {
  selection: MapSelection;
  index: ClusterIndex;
}

/**
 * Filter sets whose selection and cluster index are kept per process. An index of the 682-colony
 * seed takes about a millisecond to build, one of 100,000 colonies tens of milliseconds; the map
 * asks the same filter set again at every pan and zoom, so the last few are kept.
 */
const KEPT_FILTER_SETS = 16;

/**
 * The map's markers computed on the server (decision 0039): the same model, selection and
 * supercluster index the browser builds (`@coral/core/map-clusters`), over the published
 * colonies feed of the current data version (so only public colonies are counted, decision
 * 0006), filtered by the same engine and defaults as GET /api/public/colonies/?<filters>.
 */
export function createColonyClustersService(colonies: ColoniesService) {
  const models = new VersionedCache<MapModel>();
  const indexes = new LruCache<string, Clustered>(KEPT_FILTER_SETS);

  return {
    async clusters(filters: FilterSet, zoom: number, view: MapView): Promise<TColonyClusters> {
      const { feed, defaults } = await colonies.filterContext();
      const model = await models.get(feed.version, async () =>
        buildMapModel(await feed.colonies()),
      );
      const normal = normalizeFilterSet(filters, defaults);
      const { selection, index } = indexes.getOrCreate(
        `${feed.version}?${filterSetToQueryString(normal)}`,
        () => {
          const passes = isEmptyFilterSet(normal) ? null : compileColonyFilter(normal, defaults);
          const chosen = selectColonies(model, passes);
          return { selection: chosen, index: buildClusterIndex(chosen) };
        },
      );
      const { offset } = selection;
      // Markers are placed in the world copy of the view's centre, as the map does.
      const near = (view.west + view.east) / 2;
      const idsOf = (indices: readonly number[]) => indices.map((i) => model.colonies[i]!.id);
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
          return {
            kind: 'site',
            ...common,
            colonyIds: idsOf(marker.site.colonies),
          } satisfies TSiteMarker;
        }
        const expansionZoom = index.expansionZoom(marker.clusterId);
        return {
          kind: 'cluster',
          id: marker.clusterId,
          expansionZoom,
          ...common,
          // A cluster that never falls apart opens as a list of its colonies (decision 0008).
          ...(expansionZoom > MAX_MAP_ZOOM
            ? { colonyIds: idsOf(index.colonies(marker.clusterId)) }
            : {}),
        } satisfies TClusterMarker;
      });
      return {
        data_version: feed.version,
        total: model.colonies.length,
        matching: selection.count,
        offset,
        mean: selection.mean,
        bounds: selection.bounds,
        markers,
      };
    },
  };
}
export type ColonyClustersService = ReturnType<typeof createColonyClustersService>;
