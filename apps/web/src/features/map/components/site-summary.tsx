import { formatCoordinates } from '@coral/core';
import { SpeciesLink } from '@/components/entity-links';
import type { SiteSummary } from '@coral/core/map-clusters';

const colonies = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'colony' : 'colonies'}`;

function Ed50Line({ ed50 }: { ed50: SiteSummary['ed50'] }) {
  if (!ed50) return <>no trustworthy ED50</>;
  const spread = ed50.sd === null ? '' : ` ± ${ed50.sd.toFixed(2)}`;
  return (
    <>
      {ed50.mean.toFixed(2)}
      {spread} °C <span className="text-body-secondary">(n = {colonies(ed50.n)})</span>
    </>
  );
}

/**
 * What a site holds under the current filters (decision 0018): its name as the data give it, or
 * else its coordinates (decision 0048), colonies per species (linked to the species pages) and
 * the mean ED50 ± SD of its colonies.
 */
export function SiteSummaryBlock({ site, names = [] }: { site: SiteSummary; names?: string[] }) {
  const coordinates = formatCoordinates(site.latitude, site.longitude);
  const name = names.join(' / ');
  return (
    <section className="colony-popup__site" aria-label={`Site ${name || coordinates}`}>
      <h3 className="h6 mb-1">
        {name || `Site ${coordinates}`}: {colonies(site.colonyCount)}
      </h3>
      {name && <p className="mb-1 text-body-secondary">{coordinates}</p>}
      <ul className="list-unstyled mb-1">
        {site.species.map(({ species, colonies: n }) => (
          <li key={species}>
            <SpeciesLink species={species} />: {colonies(n)}
          </li>
        ))}
      </ul>
      <p className="mb-1">
        Mean ED50: <Ed50Line ed50={site.ed50} />
      </p>
    </section>
  );
}
