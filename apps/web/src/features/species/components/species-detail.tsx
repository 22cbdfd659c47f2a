import { CLIENT_ROUTES, datasetPath, projectPath, type TSpeciesDetail } from '@coral/core';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card';
import { usePublicConfig } from '@/lib/public-config';
import { Ed50DistributionSection } from './ed50-distribution-section';
import { SitesMap } from '@/components/maps/sites-map';
import '../species.css';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Everything the species page shows of one species (docs/decisions/0020-species-page.md). */
export function SpeciesDetail({ species }: { species: TSpeciesDetail }) {
  const { tiles } = usePublicConfig();
  return (
    <>
      <header className="mb-4">
        <p className="text-body-secondary small mb-1">Species</p>
        <h1 className="h2">
          <em>{species.name}</em>
        </h1>
        <ul className="list-inline mb-1" aria-label="Species facts">
          <li className="list-inline-item me-3">
            <strong>{plural(species.colony_count, 'colony', 'colonies')}</strong>
          </li>
          <li className="list-inline-item me-3">
            {plural(species.by_site.length, 'site', 'sites')}
          </li>
          <li className="list-inline-item">
            {plural(species.ed50_entry_count, 'ED50 value', 'ED50 values')}
          </li>
        </ul>
        <p className="small text-body-secondary mb-0">
          Relative ED50 is ED50 minus the maximum monthly mean sea-surface temperature (MMM) at the
          colony; values without an MMM count as absolute only.
          {species.hidden_entry_count > 0 && (
            <>
              {' '}
              {plural(species.hidden_entry_count, 'ED50 value is', 'ED50 values are')} left out as
              untrustworthy (see <Link to={CLIENT_ROUTES.quality_flags}>quality flags</Link>).
            </>
          )}
        </p>
      </header>

      <Ed50DistributionSection
        id="by-site-title"
        title="ED50 by site"
        groupHeading="Site"
        groups={species.by_site}
      />
      <Ed50DistributionSection
        id="by-condition-title"
        title="ED50 by condition"
        groupHeading="Condition"
        groups={species.by_condition}
      />

      <SectionCard id="map-title" title="Where it was measured" count={species.by_site.length}>
        <SitesMap tiles={tiles} sites={species.by_site} species={species.name} />
      </SectionCard>

      <SectionCard flush id="projects-title" title="Projects" count={species.projects.length}>
        <ListGroup variant="flush">
          {species.projects.map((project) => (
            <ListGroup.Item key={project.id}>
              <Link to={projectPath(project.id)}>{project.name}</Link>
              <span className="text-body-secondary small">
                {' '}
                · {project.colony_count} {project.colony_count === 1 ? 'colony' : 'colonies'}
                {project.sites.length > 0 && ` · ${project.sites.join(', ')}`}
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </SectionCard>

      <SectionCard flush id="datasets-title" title="Datasets" count={species.datasets.length}>
        <ListGroup variant="flush">
          {species.datasets.map((dataset) => (
            <ListGroup.Item key={dataset.id} className="d-flex flex-wrap gap-2">
              <Link to={datasetPath(dataset.id)} className="me-auto text-break">
                {dataset.title}
              </Link>
              <span className="small text-body-secondary">Version {dataset.version}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </SectionCard>
    </>
  );
}
