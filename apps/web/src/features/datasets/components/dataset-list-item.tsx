import { datasetPath, formatLongUsDate, projectPath, type TDatasetSummary } from '@coral/core';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { LicenceBadge } from '@/components/licence-badge';
import { colonyCountLabel, speciesCountLabel } from '../utils/dataset-labels';
import { creatorNames } from './creator-names';
import { WithdrawnBadge } from '@/components/dataset-state-badge';

/** One dataset of the list: what its shown version says; a tombstone shows no data counts. */
export function DatasetListItem({ dataset }: { dataset: TDatasetSummary }) {
  return (
    <ListGroup.Item as="li" className="py-3 dataset-list-item">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h2 className="h5 mb-0 me-auto text-break">
          <Link to={datasetPath(dataset.id)}>{dataset.title}</Link>
        </h2>
        {dataset.withdrawn && <WithdrawnBadge />}
        <LicenceBadge licence={dataset.licence} />
        <span className="badge text-bg-light border">Version {dataset.version}</span>
      </div>
      <div className="small text-body-secondary">
        <span className="me-3">
          Project: <Link to={projectPath(dataset.project.id)}>{dataset.project.name}</Link>
        </span>
        <span>Creators: {creatorNames(dataset.creators)}</span>
      </div>
      <div className="small text-body-secondary">
        {dataset.published_at && (
          <span className="me-3">Published: {formatLongUsDate(dataset.published_at)}</span>
        )}
        {dataset.withdrawn ? (
          <span>This dataset was withdrawn; its data are no longer available.</span>
        ) : (
          <span>
            {colonyCountLabel(dataset.counts.colonies)} ·{' '}
            {speciesCountLabel(dataset.counts.species.length)}
          </span>
        )}
      </div>
    </ListGroup.Item>
  );
}
