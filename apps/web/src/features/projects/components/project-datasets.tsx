import { datasetPath, formatLongUsDate } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { LicenceBadge } from '@/components/licence-badge';
import { useProjectDatasets } from '../api/get-project-datasets';
import { SectionCard } from '@/components/section-card';

/**
 * The project's datasets, each linking to its page (where its citation and versions are). Hidden
 * while loading, when there are none, and if the list cannot be read: the project page does not
 * depend on it.
 */
export function ProjectDatasets({ projectId }: { projectId: number }) {
  const { data: datasets = [] } = useProjectDatasets(projectId);
  if (datasets.length === 0) return null;
  return (
    <SectionCard flush id="datasets-title" title="Datasets" count={datasets.length}>
      <ListGroup variant="flush">
        {datasets.map((dataset) => (
          <ListGroup.Item key={dataset.id} className="d-flex flex-wrap gap-2 align-items-center">
            <Link to={datasetPath(dataset.id)} className="me-auto text-break">
              {dataset.title}
            </Link>
            {dataset.withdrawn && <Badge bg="danger">Withdrawn</Badge>}
            <LicenceBadge licence={dataset.licence} />
            <span className="small text-body-secondary">
              Version {dataset.version}
              {dataset.published_at && ` · ${formatLongUsDate(dataset.published_at)}`}
            </span>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </SectionCard>
  );
}
