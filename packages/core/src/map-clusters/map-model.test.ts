import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/random-filter-sets';
import { longitudeOffset, toFrame } from './antimeridian';
import { selectionOf, type MapSelection } from './map-model';

/**
 * selectionOf in two passes over typed arrays is the plain one-pass accumulation it replaced
 * (sites in order of their first chosen colony, colonies and colour sums in feed order): the
 * browser's map and the server's columnar model both rely on it.
 */
function onePass(
  chosen: Int32Array,
  model: Parameters<typeof selectionOf>[1],
): Omit<MapSelection, 'colonyIndices'> {
  const bySite = new Map<number, MapSelection['sites'][number]>();
  for (const i of chosen) {
    const site = model.siteOf[i]!;
    let selected = bySite.get(site);
    if (!selected) {
      selected = {
        site,
        latitude: model.siteLatitude[site]!,
        frameLongitude: 0,
        count: 0,
        colonies: [] as number[],
        sumAbsolute: 0,
        countAbsolute: 0,
        sumRelative: 0,
        countRelative: 0,
      };
      bySite.set(site, selected);
    }
    selected.colonies.push(i);
    selected.count++;
    if (!Number.isNaN(model.ed50Absolute[i]!)) {
      selected.sumAbsolute += model.ed50Absolute[i]!;
      selected.countAbsolute++;
    }
    if (!Number.isNaN(model.ed50Relative[i]!)) {
      selected.sumRelative += model.ed50Relative[i]!;
      selected.countRelative++;
    }
  }
  const sites = [...bySite.values()];
  const offset = longitudeOffset(sites.map((s) => model.siteLongitude[s.site]!));
  let latitudeSum = 0;
  let longitudeSum = 0;
  const box = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };
  for (const site of sites) {
    site.frameLongitude = toFrame(model.siteLongitude[site.site]!, offset);
    latitudeSum += site.latitude * site.colonies.length;
    longitudeSum += site.frameLongitude * site.colonies.length;
    box.south = Math.min(box.south, site.latitude);
    box.north = Math.max(box.north, site.latitude);
    box.west = Math.min(box.west, site.frameLongitude);
    box.east = Math.max(box.east, site.frameLongitude);
  }
  const count = chosen.length;
  return {
    count,
    sites,
    offset,
    mean:
      count === 0 ? null : { latitude: latitudeSum / count, frameLongitude: longitudeSum / count },
    bounds: sites.length > 0 ? box : null,
  };
}

describe('selectionOf', () => {
  const next = seededRandom(3);
  const siteCount = 40;
  const colonies = 5000;
  const model = {
    siteLatitude: Float64Array.from({ length: siteCount }, () => next() * 160 - 80),
    siteLongitude: Float64Array.from({ length: siteCount }, () => next() * 360 - 180),
    siteOf: Int32Array.from({ length: colonies }, () => Math.floor(next() ** 2 * siteCount)),
    ed50Absolute: Float64Array.from({ length: colonies }, () =>
      next() < 0.2 ? Number.NaN : 30 + next() * 10,
    ),
    ed50Relative: Float64Array.from({ length: colonies }, () =>
      next() < 0.3 ? Number.NaN : next() * 10,
    ),
  };

  it.each([
    ['every colony', 1],
    ['about half', 0.5],
    ['a few', 0.01],
    ['none', 0],
  ])('%s: the one-pass selection', (_, share) => {
    const chosen = Int32Array.from(
      Array.from({ length: colonies }, (_, i) => i).filter(() => next() < share),
    );
    const { colonyIndices, ...rest } = selectionOf(chosen, model);
    expect(colonyIndices).toBe(chosen);
    expect(rest).toEqual(onePass(chosen, model));
  });
});
