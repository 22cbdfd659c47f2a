import type { TColony } from '../contract';

/**
 * A site, for the popups' summary (decision 0018): the colonies whose coordinates agree to
 * 4 decimals (about 11 m), the precision the popups show. Exact equality would split a reef
 * whose colonies were logged a few metres apart.
 */
export function siteKey(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)},${longitude.toFixed(4)}`;
}

export interface SiteSummary {
  key: string;
  /** Rounded to 4 decimals. */
  latitude: number;
  longitude: number;
  colonyCount: number;
  /** Colonies per species, most first, then by name. */
  species: { species: string; colonies: number }[];
  /**
   * Mean and sample standard deviation of the colonies' mean trustworthy absolute ED50, over the
   * `n` colonies that have one; null without any, `sd` null for one colony.
   */
  ed50: { mean: number; sd: number | null; n: number } | null;
}

interface SiteSource {
  colonies: readonly Pick<TColony, 'latitude' | 'longitude' | 'species'>[];
  /** Each colony's mean trustworthy absolute ED50, NaN without one (see map-model.ts). */
  ed50Absolute: ArrayLike<number>;
}

/**
 * The summaries of the sites of a marker's colonies (`atMarker`), each over all the colonies of
 * that site that pass the filters (`selected`), so a site split between two markers still
 * counts whole. Sites in the order the marker lists them. The popups' one definition: the map
 * computes it from the feed, GET /api/public/colonies/clusters/members/ from the server's model.
 */
export function summarizeSites(
  source: SiteSource,
  atMarker: readonly number[],
  selected: ArrayLike<number>,
): SiteSummary[] {
  const keyOf = (index: number) => {
    const colony = source.colonies[index]!;
    return siteKey(colony.latitude, colony.longitude);
  };
  const members = new Map<string, number[]>();
  for (const index of atMarker) members.set(keyOf(index), []);
  for (let i = 0; i < selected.length; i++) {
    const index = selected[i]!;
    members.get(keyOf(index))?.push(index);
  }
  const speciesOf = (index: number) => source.colonies[index]!.species;
  return [...members].map(([key, indices]) =>
    summarizeSite(key, indices, speciesOf, source.ed50Absolute),
  );
}

/**
 * One site's summary over its colonies (`indices`, in feed order: the order fixes the ED50 mean's
 * floating-point sum), whatever model holds them.
 */
export function summarizeSite(
  key: string,
  indices: readonly number[],
  speciesOf: (index: number) => string,
  ed50Absolute: ArrayLike<number>,
): SiteSummary {
  const perSpecies = new Map<string, number>();
  const values: number[] = [];
  for (const index of indices) {
    const species = speciesOf(index);
    perSpecies.set(species, (perSpecies.get(species) ?? 0) + 1);
    const ed50 = ed50Absolute[index]!;
    if (!Number.isNaN(ed50)) values.push(ed50);
  }
  return siteSummary(key, indices.length, perSpecies, values);
}

/**
 * A site's summary from its colony count, colonies per species (in any order) and the ED50 values
 * of its colonies that have one, in feed order.
 */
export function siteSummary(
  key: string,
  colonyCount: number,
  perSpecies: ReadonlyMap<string, number>,
  values: readonly number[],
): SiteSummary {
  const [latitude, longitude] = key.split(',').map(Number) as [number, number];
  return {
    key,
    latitude,
    longitude,
    colonyCount,
    species: [...perSpecies]
      .map(([species, colonies]) => ({ species, colonies }))
      .sort((a, b) => b.colonies - a.colonies || a.species.localeCompare(b.species, 'en')),
    ed50: meanAndSd(values),
  };
}

function meanAndSd(values: readonly number[]): SiteSummary['ed50'] {
  const n = values.length;
  if (n === 0) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  if (n === 1) return { mean, sd: null, n };
  const squares = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  return { mean, sd: Math.sqrt(squares / (n - 1)), n };
}
