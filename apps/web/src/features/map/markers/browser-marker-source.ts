import {
  buildClusterIndex,
  frameBox,
  summarizeSites,
  type ClusterIndex,
  type MapMarker,
  type MapModel,
  type MapSelection,
  type SiteSummary,
} from '@coral/core/map-clusters';
import type { TColony } from '@coral/core';
import type { MarkerMembers, MarkerSource, MembersPage, SourceMarker } from './marker-source';

/** Indexes by selection: the unfiltered one is kept (core keeps it), so a reset does not re-cluster. */
const indexes = new WeakMap<MapSelection, ClusterIndex>();

function indexOf(selection: MapSelection): ClusterIndex {
  let index = indexes.get(selection);
  if (!index) {
    index = buildClusterIndex(selection);
    indexes.set(selection, index);
  }
  return index;
}

/**
 * The browser mode's markers: the whole feed is here (`model`), filtered into `selection`;
 * supercluster over its sites answers every view at once.
 */
export function browserMarkerSource(model: MapModel, selection: MapSelection): MarkerSource {
  const { count, offset, mean, bounds } = selection;
  const toSourceMarker = (index: ClusterIndex, marker: MapMarker): SourceMarker => {
    const { count, sumAbsolute, countAbsolute, sumRelative, countRelative } = marker;
    const totals = { count, sumAbsolute, countAbsolute, sumRelative, countRelative };
    const position = { latitude: marker.latitude, frameLongitude: marker.frameLongitude };
    if (marker.kind === 'cluster') {
      const { clusterId } = marker;
      return {
        kind: 'cluster',
        ...position,
        ...totals,
        site: null,
        colonyName: null,
        expansionZoom: () => index.expansionZoom(clusterId),
        members: () => browserMembers(model, selection, index.colonies(clusterId)),
      };
    }
    const { site } = marker;
    return {
      kind: 'site',
      ...position,
      ...totals,
      site: {
        latitude: model.siteLatitude[site.site]!,
        longitude: model.siteLongitude[site.site]!,
      },
      colonyName: site.colonies.length === 1 ? model.colonies[site.colonies[0]!]!.name : null,
      expansionZoom: () => Infinity,
      members: () => browserMembers(model, selection, site.colonies),
    };
  };
  return {
    frame: () => ({ count, offset, mean, bounds }),
    markers(view, zoom) {
      const index = indexOf(selection);
      return {
        offset,
        markers: index
          .markers(frameBox(view, offset), zoom)
          .map((marker) => toSourceMarker(index, marker)),
      };
    },
    forget: () => undefined,
  };
}

/**
 * A marker's colonies (indices into the model), listed from memory. The site summaries count
 * each site whole under the filters, also its colonies under a neighbouring marker.
 */
function browserMembers(
  model: MapModel,
  selection: MapSelection,
  colonyIndices: readonly number[],
): MarkerMembers {
  return listedMembers(
    colonyIndices.map((i) => model.colonies[i]!),
    // Per popup: a pass over the selected colonies (a few milliseconds at 100,000).
    () => summarizeSites(model, colonyIndices, selection.colonyIndices),
  );
}

/** Colonies in memory, in the order listed, with their sites' summaries (made when first asked). */
export function listedMembers(
  colonies: readonly TColony[],
  summarize: () => readonly SiteSummary[],
): MarkerMembers {
  let sites: readonly SiteSummary[] | undefined;
  const now = (offset: number, limit: number): MembersPage => {
    sites ??= summarize();
    return { count: colonies.length, sites, colonies: colonies.slice(offset, offset + limit) };
  };
  return {
    count: colonies.length,
    now,
    load: (offset, limit) => Promise.resolve(now(offset, limit)),
  };
}
