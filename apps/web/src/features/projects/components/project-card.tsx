import {
  formatLongUsDate,
  formatOwner,
  morePublicationsLabel,
  projectPath,
  splitCardPublications,
  type TProjectListItem,
} from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { projectFacts } from '../utils/project-facts';
import { DoiLink } from './doi-link';

export function publicationCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'publication' : 'publications'}`;
}

/** Sites, countries, species, colonies and assay dates: what tells same-named projects apart. */
function ProjectFacts({ project }: { project: TProjectListItem }) {
  const facts = projectFacts(project);
  if (facts.length === 0) return null;
  return (
    <dl className="project-facts small mb-2">
      {facts.map(({ label, text }) => (
        <div key={label} className="d-flex gap-1">
          <dt className="fw-semibold">{label}:</dt>
          <dd className="mb-0 text-break">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One project in the grid (product-spec §2 Projects list). */
export function ProjectCard({ project }: { project: TProjectListItem }) {
  const { shown, hiddenCount } = splitCardPublications(project.publications);
  const more = morePublicationsLabel(hiddenCount);
  return (
    <Card className="h-100 shadow-sm project-card">
      <Card.Body className="d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
          <Card.Title as="h2" className="h5 mb-0 text-break">
            {project.name}
          </Card.Title>
          <Badge bg="primary" pill className="flex-shrink-0">
            {publicationCountLabel(project.publications.length)}
          </Badge>
        </div>
        <Card.Text className="small text-body-secondary mb-1">
          Created: {formatLongUsDate(project.registration_date)}
        </Card.Text>
        <Card.Text className="small text-body-secondary">
          Owner: {formatOwner(project.owner)}
        </Card.Text>
        <ProjectFacts project={project} />
        {shown.length > 0 && (
          <ul className="list-unstyled small mb-2">
            {shown.map((publication) => (
              <li key={publication.id} className="mb-2">
                <div className="text-break">{publication.title}</div>
                <DoiLink doi={publication.doi} title={publication.title} />
              </li>
            ))}
          </ul>
        )}
        {more && <p className="small text-body-secondary mb-2">{more}</p>}
        <div className="mt-auto pt-2">
          <Link to={projectPath(project.id)} className="btn btn-outline-primary btn-sm">
            View Project Details
            <span className="visually-hidden">: {project.name}</span>
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
