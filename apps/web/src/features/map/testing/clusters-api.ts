import {
  compileColonyFilter,
  defaultRangesFromMaxMin,
  isEmptyFilterSet,
  normalizeFilterSet,
  parseBoundingBox,
  parseFilterQuery,
  type TClusterMembers,
  type TColony,
  type TColonyClusters,
  type TColonyIds,
} from '@coral/core';
import {
  buildClusterIndex,
  buildMapModel,
  frameBox,
  selectColonies,
  summarizeSites,
  toMap,
} from '@coral/core/map-clusters';
import type { ApiHandlers } from '@/testing/mock-api';
import { buildChoices, seedMaxMin } from './colonies';

/** Parameters of the server-mode calls that are not filters. */
const NOT_FILTERS = ['zoom', 'bbox', 'marker', 'data_version', 'offset', 'limit'];

/**
 * The server mode's endpoints for tests, answered the way the server does (decision 0039): core's
 * filter engine, map model and supercluster over the given colonies. The map's markers in server
 * mode can so be compared with the browser mode's for the same colonies.
 */
export function clustersApi(colonies: readonly TColony[], dataVersion = 1) {
  const defaults = defaultRangesFromMaxMin(seedMaxMin);
  const model = buildMapModel(colonies);
  const selectionOf = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    for (const name of NOT_FILTERS) params.delete(name);
    const filters = normalizeFilterSet(parseFilterQuery(params).filters, defaults);
    const passes = isEmptyFilterSet(filters) ? null : compileColonyFilter(filters, defaults);
    const selection = selectColonies(model, passes);
    return { selection, index: buildClusterIndex(selection) };
  };

  const clusters = (url: URL): TColonyClusters => {
    const { selection, index } = selectionOf(url);
    const view = parseBoundingBox(url.searchParams.get('bbox') ?? '');
    if (!view) throw new Error(`bad bbox in ${url.search}`);
    const near = (view.west + view.east) / 2;
    const { offset } = selection;
    const markers = index
      .markers(frameBox(view, offset), Number(url.searchParams.get('zoom')))
      .map((marker): TColonyClusters['markers'][number] => {
        const position = {
          latitude: marker.latitude,
          longitude: toMap(marker.frameLongitude, offset, near),
          frameLongitude: marker.frameLongitude,
          count: marker.count,
          sumAbsolute: marker.sumAbsolute,
          countAbsolute: marker.countAbsolute,
          sumRelative: marker.sumRelative,
          countRelative: marker.countRelative,
        };
        if (marker.kind === 'cluster') {
          const id = marker.clusterId;
          return { kind: 'cluster', id, expansionZoom: index.expansionZoom(id), ...position };
        }
        const only = marker.site.colonies.length === 1 ? colonies[marker.site.colonies[0]!] : null;
        return {
          kind: 'site',
          ...position,
          site: {
            latitude: model.siteLatitude[marker.site.site]!,
            longitude: model.siteLongitude[marker.site.site]!,
          },
          ...(only ? { colony: { id: only.id, name: only.name } } : {}),
        };
      });
    return {
      data_version: dataVersion,
      total: colonies.length,
      matching: selection.count,
      offset,
      mean: selection.mean,
      bounds: selection.bounds,
      markers,
    };
  };

  const members = (url: URL): TClusterMembers => {
    const { selection, index } = selectionOf(url);
    const marker = url.searchParams.get('marker') ?? '';
    let atMarker: number[];
    if (marker.startsWith('cluster:')) atMarker = index.colonies(Number(marker.slice(8)));
    else {
      const [latitude, longitude] = marker.slice(5).split(',').map(Number);
      atMarker = selection.sites
        .filter(
          (site) =>
            model.siteLatitude[site.site] === latitude &&
            model.siteLongitude[site.site] === longitude,
        )
        .flatMap((site) => site.colonies);
    }
    atMarker.sort((a, b) => colonies[a]!.id - colonies[b]!.id);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    return {
      data_version: dataVersion,
      count: atMarker.length,
      offset,
      sites: summarizeSites(model, atMarker, selection.colonyIndices),
      colonies: atMarker.slice(offset, offset + limit).map((i) => colonies[i]!),
    };
  };

  const ids = (url: URL): TColonyIds => {
    const { selection } = selectionOf(url);
    return {
      data_version: dataVersion,
      ids: Array.from(selection.colonyIndices, (i) => colonies[i]!.id).sort((a, b) => a - b),
    };
  };

  const handlers = {
    'GET /api/public/colonies/choices/': buildChoices({
      data_version: dataVersion,
      total: colonies.length,
      species: model.species,
      projects: model.projects,
      years: model.years,
    }),
    'GET /api/public/colonies/clusters/': (_request: Request, url: URL) => clusters(url),
    'GET /api/public/colonies/clusters/members/': (_request: Request, url: URL) => members(url),
    'GET /api/public/colonies/ids/': (_request: Request, url: URL) => ids(url),
  } satisfies ApiHandlers;
  return { handlers, clusters, members, ids };
}
