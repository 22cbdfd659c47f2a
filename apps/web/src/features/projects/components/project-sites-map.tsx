import type { TProjectDetail } from '@coral/core';
import { siteKey } from '@coral/core/map-clusters';
import { useMemo } from 'react';
import { SitesMap } from '@/components/maps/sites-map';
import { SectionCard } from '@/components/section-card';
import { usePublicConfig } from '@/lib/public-config';
import { siteNames } from '@/lib/site-names';

/**
 * Where the project's colonies are (decision 0056): one circle per site (colonies whose
 * coordinates agree to 4 decimals, as on the map), named as its colonies name it, drawn on the
 * bundled land so that it shows without internet.
 */
export function ProjectSitesMap({ project }: { project: TProjectDetail }) {
  const { tiles } = usePublicConfig();
  const sites = useMemo(() => {
    const byKey = new Map<string, { latitude: number; longitude: number; colony_count: number }>();
    for (const colony of project.colonies) {
      const key = siteKey(colony.latitude, colony.longitude);
      const site = byKey.get(key);
      if (site) site.colony_count++;
      else {
        byKey.set(key, { latitude: colony.latitude, longitude: colony.longitude, colony_count: 1 });
      }
    }
    return [...byKey].map(([key, site]) => {
      const names = siteNames({ key }, project.colonies);
      const where = `${site.latitude.toFixed(4)}, ${site.longitude.toFixed(4)}`;
      return { ...site, label: names.length > 0 ? `${names.join(' / ')} (${where})` : where };
    });
  }, [project.colonies]);
  if (sites.length === 0) return null;
  return (
    <SectionCard id="sites-title" title="Sites" count={sites.length}>
      <SitesMap tiles={tiles} sites={sites} label={`Map of the sites of ${project.name}`} />
    </SectionCard>
  );
}
