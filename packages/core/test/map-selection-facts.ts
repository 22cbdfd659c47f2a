import type { MapSelection } from '../src/map-clusters/map-model';

/**
 * A map selection in terms that do not depend on a model's numbering of colonies and sites
 * (colony ids, site coordinates), to compare the selections of two models of the same colonies.
 */
export function selectionFacts(
  selection: MapSelection,
  idOf: (colonyIndex: number) => number,
  longitudeOf: (site: number) => number,
) {
  return {
    count: selection.count,
    ids: [...selection.colonyIndices].map(idOf),
    sites: selection.sites.map((site) => ({
      latitude: site.latitude,
      longitude: longitudeOf(site.site),
      frameLongitude: site.frameLongitude,
      colonies: site.colonies.map(idOf),
      sumAbsolute: site.sumAbsolute,
      countAbsolute: site.countAbsolute,
      sumRelative: site.sumRelative,
      countRelative: site.countRelative,
    })),
    offset: selection.offset,
    mean: selection.mean,
    bounds: selection.bounds,
  };
}
