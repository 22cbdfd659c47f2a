import Supercluster from 'supercluster';
import type { MapSelection, SelectedSite } from './map-model';

/** What a marker carries: a site's colony count and colour sums, summed up in clusters. */
export interface MarkerTotals {
  count: number;
  sumAbsolute: number;
  countAbsolute: number;
  sumRelative: number;
  countRelative: number;
}

interface SiteProperties extends MarkerTotals {
  site: number;
}

export type MapMarker =
  | ({
      kind: 'cluster';
      clusterId: number;
      latitude: number;
      frameLongitude: number;
    } & MarkerTotals)
  | ({ kind: 'site'; site: SelectedSite; latitude: number; frameLongitude: number } & MarkerTotals);

/** The map's highest zoom: clusters that still hold several sites there open as a list. */
export const MAX_MAP_ZOOM = 18;

/** A bounding box of the rotated frame: [west, south, east, north]. */
export type FrameBox = [west: number, south: number, east: number, north: number];

/**
 * The frame box of a map view (Leaflet's bounds: longitudes may pass ±180 in other world
 * copies) for a selection rotated by `offset`: a view a world wide or wider shows everything.
 * Browser and server both ask the index with this box, so they show the same markers.
 */
export function frameBox(
  view: { west: number; south: number; east: number; north: number },
  offset: number,
): FrameBox {
  return view.east - view.west >= 360
    ? [-180, view.south, 180, view.north]
    : [view.west - offset, view.south, view.east - offset, view.north];
}

/**
 * Supercluster over the selected sites (never one React component per colony: the map draws only
 * the markers in view). Radius in CSS pixels of 256-pixel tiles. The one clustering definition
 * of the map in the browser and of GET /api/public/colonies/clusters/ (decision 0039).
 */
export function buildClusterIndex(selection: MapSelection) {
  const index = new Supercluster<SiteProperties, MarkerTotals>({
    radius: 48,
    extent: 256,
    maxZoom: MAX_MAP_ZOOM,
    map: ({ count, sumAbsolute, countAbsolute, sumRelative, countRelative }) => ({
      count,
      sumAbsolute,
      countAbsolute,
      sumRelative,
      countRelative,
    }),
    reduce: (total, next) => {
      total.count += next.count;
      total.sumAbsolute += next.sumAbsolute;
      total.countAbsolute += next.countAbsolute;
      total.sumRelative += next.sumRelative;
      total.countRelative += next.countRelative;
    },
  });
  index.load(
    selection.sites.map((site, i) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [site.frameLongitude, site.latitude] },
      properties: {
        site: i,
        count: site.count,
        sumAbsolute: site.sumAbsolute,
        countAbsolute: site.countAbsolute,
        sumRelative: site.sumRelative,
        countRelative: site.countRelative,
      },
    })),
  );

  return {
    /** Markers inside a bounding box of the rotated frame ([west, south, east, north]). */
    markers(bbox: FrameBox, zoom: number): MapMarker[] {
      return index.getClusters(bbox, Math.round(zoom)).map((feature) => {
        const [frameLongitude, latitude] = feature.geometry.coordinates as [number, number];
        const p = feature.properties;
        const totals: MarkerTotals = {
          count: p.count,
          sumAbsolute: p.sumAbsolute,
          countAbsolute: p.countAbsolute,
          sumRelative: p.sumRelative,
          countRelative: p.countRelative,
        };
        return 'cluster_id' in p
          ? { kind: 'cluster', clusterId: p.cluster_id, latitude, frameLongitude, ...totals }
          : { kind: 'site', site: selection.sites[p.site]!, latitude, frameLongitude, ...totals };
      });
    },
    /**
     * Whether `clusterId` names a cluster of this index. Ids come back from clients (the members
     * of a marker, GET /api/public/colonies/clusters/members/); supercluster throws on an id it
     * never made, so ask this first.
     */
    hasCluster(clusterId: number): boolean {
      if (!Number.isSafeInteger(clusterId) || clusterId < 0) return false;
      try {
        index.getChildren(clusterId);
        return true;
      } catch {
        return false;
      }
    },
    /** The zoom at which a cluster falls apart; above MAX_MAP_ZOOM for colonies that never do. */
    expansionZoom(clusterId: number): number {
      return index.getClusterExpansionZoom(clusterId);
    },
    /** Every colony (index) of a cluster, site by site. */
    colonies(clusterId: number): number[] {
      return index
        .getLeaves(clusterId, Infinity)
        .flatMap((leaf) => selection.sites[leaf.properties.site]!.colonies);
    },
  };
}
export type ClusterIndex = ReturnType<typeof buildClusterIndex>;
