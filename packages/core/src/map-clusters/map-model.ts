import type { TColony } from '../contract';
import { isUntrustworthy } from '../thresholds/quality-flags';
import { longitudeOffset, toFrame } from './antimeridian';

/**
 * What the map derives once per colonies feed (100,000 colonies: tens of milliseconds):
 * colonies sharing exact coordinates form one site (the seed's 682 colonies sit on 19 points), so
 * clustering works on sites, and each colony's colour value is ready.
 */
export interface MapModel {
  colonies: readonly TColony[];
  /** The site of each colony, by colony index. */
  siteOf: Int32Array;
  siteLatitude: Float64Array;
  siteLongitude: Float64Array;
  /** Mean trustworthy ED50 of each colony (absolute, and relative to MMM); NaN without one. */
  ed50Absolute: Float64Array;
  ed50Relative: Float64Array;
  /** Dropdown and checkbox choices: distinct, sorted. */
  species: string[];
  projects: string[];
  years: number[];
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en');

/** Mean of the non-null values of entries without an untrustworthy flag (decision 0002). */
function meanTrustworthy(
  entries: TColony['thermal_tolerances'],
  value: (entry: TColony['thermal_tolerances'][number]) => number | null,
): number {
  let sum = 0;
  let count = 0;
  for (const entry of entries) {
    const v = value(entry);
    if (v === null || isUntrustworthy(entry.quality_flags)) continue;
    sum += v;
    count++;
  }
  return count === 0 ? Number.NaN : sum / count;
}

export function buildMapModel(colonies: readonly TColony[]): MapModel {
  const n = colonies.length;
  const siteOf = new Int32Array(n);
  const siteIds = new Map<string, number>();
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const ed50Absolute = new Float64Array(n);
  const ed50Relative = new Float64Array(n);
  const species = new Set<string>();
  const projects = new Set<string>();
  const years = new Set<number>();
  for (let i = 0; i < n; i++) {
    const colony = colonies[i]!;
    const key = `${colony.latitude},${colony.longitude}`;
    let site = siteIds.get(key);
    if (site === undefined) {
      site = latitudes.length;
      siteIds.set(key, site);
      latitudes.push(colony.latitude);
      longitudes.push(colony.longitude);
    }
    siteOf[i] = site;
    ed50Absolute[i] = meanTrustworthy(colony.thermal_tolerances, (e) => e.abs_thermal_tolerance);
    ed50Relative[i] = meanTrustworthy(colony.thermal_tolerances, (e) => e.rel_thermal_tolerance);
    species.add(colony.species);
    for (const project of colony.projects) projects.add(project);
    for (const year of colony.collection_years ?? []) years.add(year);
  }
  return {
    colonies,
    siteOf,
    siteLatitude: Float64Array.from(latitudes),
    siteLongitude: Float64Array.from(longitudes),
    ed50Absolute,
    ed50Relative,
    species: [...species].sort(byText),
    projects: [...projects].sort(byText),
    years: [...years].sort((a, b) => a - b),
  };
}

/** A site with the filtered colonies on it, and the sums behind its colour. */
export interface SelectedSite {
  site: number;
  latitude: number;
  /** Longitude in the selection's rotated frame (see antimeridian.ts). */
  frameLongitude: number;
  /** How many of the filtered colonies are on it. */
  count: number;
  /**
   * The filtered colonies on it, in feed order. Listed on first use, for every site of the
   * selection at once: a million filtered colonies take tens of milliseconds to list, and the
   * markers need only the counts.
   */
  readonly colonies: number[];
  sumAbsolute: number;
  countAbsolute: number;
  sumRelative: number;
  countRelative: number;
}

/** The colonies that pass the filters, by site, with the view that shows them. */
export interface MapSelection {
  count: number;
  /** Colony indices, in feed order. */
  colonyIndices: Int32Array;
  sites: SelectedSite[];
  /** Longitude rotation of the frame the sites are in. */
  offset: number;
  /** Mean position of the colonies (frame longitude), and the sites' bounding box. */
  mean: { latitude: number; frameLongitude: number } | null;
  bounds: { south: number; west: number; north: number; east: number } | null;
}

/** The unfiltered selection of each model, kept: resetting the filters reuses it. */
const everything = new WeakMap<MapModel, MapSelection>();

export function selectColonies(
  model: MapModel,
  passes: ((colony: TColony) => boolean) | null,
): MapSelection {
  if (passes) return select(model, passes);
  let all = everything.get(model);
  if (!all) {
    all = select(model, null);
    everything.set(model, all);
  }
  return all;
}

function select(model: MapModel, passes: ((colony: TColony) => boolean) | null): MapSelection {
  const { colonies } = model;
  const indices = new Int32Array(colonies.length);
  let count = 0;
  for (let i = 0; i < colonies.length; i++) {
    if (passes && !passes(colonies[i]!)) continue;
    indices[count++] = i;
  }
  return selectionOf(indices.subarray(0, count), model);
}

/**
 * What selectColonies derives from the chosen colonies, the one definition of it for every model
 * (the feed's MapModel, the server's columnar model): the chosen colonies' sites in the order of
 * their first chosen colony, each with its colonies and colour sums, the frame, the mean position
 * and the bounds. `chosen`: colony indices in feed order; the arrays are indexed by colony
 * (`siteOf`, the colour values) or by site.
 */
export function selectionOf(
  chosen: Int32Array,
  model: Pick<
    MapModel,
    'siteOf' | 'siteLatitude' | 'siteLongitude' | 'ed50Absolute' | 'ed50Relative'
  >,
): MapSelection {
  const { siteOf, ed50Absolute, ed50Relative } = model;
  // One pass over typed arrays: each site's position in `sites` (in order of its first chosen
  // colony), colony count and colour sums, added in feed order. The sites' colony lists come on
  // first use (a second pass).
  const siteCount = model.siteLatitude.length;
  const slot = new Int32Array(siteCount).fill(-1);
  const order: number[] = [];
  const colonyCount = new Int32Array(siteCount);
  const sumAbsolute = new Float64Array(siteCount);
  const countAbsolute = new Int32Array(siteCount);
  const sumRelative = new Float64Array(siteCount);
  const countRelative = new Int32Array(siteCount);
  for (let k = 0; k < chosen.length; k++) {
    const i = chosen[k]!;
    const site = siteOf[i]!;
    let at = slot[site]!;
    if (at < 0) {
      at = order.length;
      slot[site] = at;
      order.push(site);
    }
    colonyCount[at]!++;
    const absolute = ed50Absolute[i]!;
    const relative = ed50Relative[i]!;
    if (!Number.isNaN(absolute)) {
      sumAbsolute[at]! += absolute;
      countAbsolute[at]!++;
    }
    if (!Number.isNaN(relative)) {
      sumRelative[at]! += relative;
      countRelative[at]!++;
    }
  }
  let lists: number[][] | undefined;
  const listed = () => {
    if (!lists) {
      const all = order.map((_, at) => new Array<number>(colonyCount[at]!));
      const filled = new Int32Array(order.length);
      for (let k = 0; k < chosen.length; k++) {
        const i = chosen[k]!;
        const at = slot[siteOf[i]!]!;
        all[at]![filled[at]!++] = i;
      }
      lists = all;
    }
    return lists;
  };
  const sites: SelectedSite[] = order.map((site, at) => ({
    site,
    latitude: model.siteLatitude[site]!,
    frameLongitude: 0,
    count: colonyCount[at]!,
    get colonies() {
      return listed()[at]!;
    },
    sumAbsolute: sumAbsolute[at]!,
    countAbsolute: countAbsolute[at]!,
    sumRelative: sumRelative[at]!,
    countRelative: countRelative[at]!,
  }));
  const count = chosen.length;
  const offset = longitudeOffset(sites.map((s) => model.siteLongitude[s.site]!));
  let latitudeSum = 0;
  let longitudeSum = 0;
  const box = { south: Infinity, west: Infinity, north: -Infinity, east: -Infinity };
  for (const site of sites) {
    site.frameLongitude = toFrame(model.siteLongitude[site.site]!, offset);
    latitudeSum += site.latitude * site.count;
    longitudeSum += site.frameLongitude * site.count;
    box.south = Math.min(box.south, site.latitude);
    box.north = Math.max(box.north, site.latitude);
    box.west = Math.min(box.west, site.frameLongitude);
    box.east = Math.max(box.east, site.frameLongitude);
  }
  const bounds = sites.length > 0 ? box : null;
  return {
    count,
    colonyIndices: chosen,
    sites,
    offset,
    mean:
      count === 0 ? null : { latitude: latitudeSum / count, frameLongitude: longitudeSum / count },
    bounds,
  };
}
