import type { TColony } from '@coral/core';
import { siteKey, type SiteSummary } from '@coral/core/map-clusters';

/**
 * The site a colony's name gives: the seed and the Coral Future sheet name a colony
 * '<site>_<Genus>_<species>_<n>' ('Alofau_Porites_lobata_1'), the site being its experiment's
 * name. Null for a name not built that way.
 */
export function siteNameOf(colony: Pick<TColony, 'name' | 'species'>): string | null {
  const marker = `_${colony.species.trim().replaceAll(' ', '_')}_`;
  const at = colony.name.indexOf(marker);
  return at > 0 ? colony.name.slice(0, at) : null;
}

/**
 * The names of a site according to the colonies at hand (the popup's loaded ones), in the order
 * met; empty when none of them names it (decision 0048).
 */
export function siteNames(
  site: Pick<SiteSummary, 'key'>,
  colonies: readonly Pick<TColony, 'name' | 'species' | 'latitude' | 'longitude'>[],
): string[] {
  const names = new Set<string>();
  for (const colony of colonies) {
    if (siteKey(colony.latitude, colony.longitude) !== site.key) continue;
    const name = siteNameOf(colony);
    if (name) names.add(name);
  }
  return [...names];
}
