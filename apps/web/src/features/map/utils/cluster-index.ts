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

/**
 * Supercluster over the selected sites (never one React component per colony: the map draws only
 * the markers in view). Radius in CSS pixels of 256-pixel tiles.
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
        count: site.colonies.length,
        sumAbsolute: site.sumAbsolute,
        countAbsolute: site.countAbsolute,
        sumRelative: site.sumRelative,
        countRelative: site.countRelative,
      },
    })),
  );

  return {
    /** Markers inside a bounding box of the rotated frame ([west, south, east, north]). */
    markers(bbox: [number, number, number, number], zoom: number): MapMarker[] {
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
