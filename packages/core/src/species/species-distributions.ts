import { formatFixed } from '../format/numbers';
import { summarizeDistribution, type DistributionSummary } from './distribution-statistics';

/**
 * A species' ED50s grouped by site and by condition, absolute and relative to the site's maximum
 * monthly mean (relative = ED50 − MMM), for the species page (docs/decisions/0020-species-page.md).
 * Pure: the server feeds it the public colonies and their trustworthy ED50 entries.
 */

/** A colony as the grouping needs it: where it was collected. */
export interface SpeciesColonyPlace {
  id: number;
  country: string;
  latitude: number;
  longitude: number;
}

/** One ED50 entry of a colony (absolute, and relative when the colony's MMM is known). */
export interface SpeciesEd50Value {
  colony_id: number;
  condition: string | null;
  abs: number | null;
  rel: number | null;
}

/** Summary plus the values themselves (ascending), for strip plots. */
export interface ValueDistribution extends DistributionSummary {
  values: number[];
}

export interface Ed50Distributions {
  absolute: ValueDistribution | null;
  relative: ValueDistribution | null;
}

export interface DistributionGroup {
  key: string;
  label: string;
  /** Colonies in the group: at the site, or with an ED50 under the condition. */
  colony_count: number;
  ed50: Ed50Distributions;
}

export interface SiteGroup extends DistributionGroup {
  country: string;
  latitude: number;
  longitude: number;
}

export interface SpeciesDistributions {
  overall: Ed50Distributions;
  by_site: SiteGroup[];
  by_condition: DistributionGroup[];
}

/** The seed has no site column; a site is a colony's coordinates (product data: per site). */
export function siteKey(place: Pick<SpeciesColonyPlace, 'latitude' | 'longitude'>): string {
  return `${formatFixed(place.latitude, 4)},${formatFixed(place.longitude, 4)}`;
}

/** "FJ · 18.2058° S, 177.6890° E": country and coordinates to 4 decimals with hemispheres. */
export function siteLabel(place: Omit<SpeciesColonyPlace, 'id'>): string {
  const lat = `${formatFixed(Math.abs(place.latitude), 4)}° ${place.latitude < 0 ? 'S' : 'N'}`;
  const lon = `${formatFixed(Math.abs(place.longitude), 4)}° ${place.longitude < 0 ? 'W' : 'E'}`;
  return `${place.country} · ${lat}, ${lon}`;
}

export const NO_CONDITION_LABEL = 'No condition';

function distributionOf(values: number[]): ValueDistribution | null {
  const summary = summarizeDistribution(values);
  return summary && { ...summary, values: [...values].sort((a, b) => a - b) };
}

function ed50Of(entries: readonly SpeciesEd50Value[]): Ed50Distributions {
  const absolute = entries.flatMap((e) => (e.abs === null ? [] : [e.abs]));
  const relative = entries.flatMap((e) => (e.rel === null ? [] : [e.rel]));
  return { absolute: distributionOf(absolute), relative: distributionOf(relative) };
}

const collator = new Intl.Collator('en');

export function speciesDistributions(
  colonies: readonly SpeciesColonyPlace[],
  entries: readonly SpeciesEd50Value[],
): SpeciesDistributions {
  const siteOfColony = new Map(colonies.map((c) => [c.id, siteKey(c)]));
  const unknown = entries.find((e) => !siteOfColony.has(e.colony_id));
  if (unknown) {
    throw new RangeError(`ED50 entry of colony ${unknown.colony_id}, not of the species`);
  }

  const sites = new Map<string, { place: SpeciesColonyPlace; colonies: number }>();
  for (const colony of colonies) {
    const key = siteKey(colony);
    const site = sites.get(key);
    if (site) site.colonies += 1;
    else sites.set(key, { place: colony, colonies: 1 });
  }
  const by_site: SiteGroup[] = [...sites].map(([key, { place, colonies: count }]) => ({
    key,
    label: siteLabel(place),
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
    colony_count: count,
    ed50: ed50Of(entries.filter((e) => siteOfColony.get(e.colony_id) === key)),
  }));
  by_site.sort((a, b) => collator.compare(a.label, b.label));

  const conditions = new Map<string, SpeciesEd50Value[]>();
  for (const entry of entries) {
    const key = entry.condition ?? '';
    const list = conditions.get(key);
    if (list) list.push(entry);
    else conditions.set(key, [entry]);
  }
  const by_condition: DistributionGroup[] = [...conditions]
    .map(([key, list]) => ({
      key,
      label: key === '' ? NO_CONDITION_LABEL : key,
      colony_count: new Set(list.map((e) => e.colony_id)).size,
      ed50: ed50Of(list),
    }))
    // Named conditions alphabetically, entries without a condition last.
    .sort((a, b) => Number(a.key === '') - Number(b.key === '') || collator.compare(a.key, b.key));

  return { overall: ed50Of(entries), by_site, by_condition };
}
