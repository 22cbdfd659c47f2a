import { datasetPath, doiUrl, type TSnapshot } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { LicenceBadge } from '@/components/licence-badge';
import { SectionCard } from '@/components/section-card';

type SnapshotDataset = TSnapshot['datasets'][number];

const colonies = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'colony' : 'colonies'}`;

function DatasetEntry({ dataset }: { dataset: SnapshotDataset }) {
  const doi = doiUrl(dataset.doi);
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <Link to={datasetPath(dataset.dataset_id, dataset.version)} className="fw-semibold">
          {dataset.title}, version {dataset.version}
        </Link>
        <LicenceBadge licence={dataset.licence} />
        <span className="small text-body-secondary">{colonies(dataset.colonies)}</span>
        {dataset.withdrawn && <Badge bg="dark">Withdrawn</Badge>}
      </div>
      <p className="mb-0 small text-break">{dataset.citation}</p>
      {doi && (
        <p className="mb-0 small">
          DOI: <ExternalLink href={doi}>{dataset.doi}</ExternalLink>
        </p>
      )}
      {dataset.withdrawn && (
        <p className="mb-0 small text-danger">
          This dataset was withdrawn after the snapshot was made: its colonies are left out of every
          download.
        </p>
      )}
    </li>
  );
}

/** The dataset versions the snapshot draws on, each with its own citation. */
export function SnapshotDatasets({ datasets }: { datasets: TSnapshot['datasets'] }) {
  return (
    <SectionCard id="snapshot-datasets-title" title="Datasets" count={datasets.length} flush>
      <ul className="list-group list-group-flush">
        {datasets.map((dataset) => (
          <DatasetEntry key={`${dataset.dataset_id}-${dataset.version}`} dataset={dataset} />
        ))}
      </ul>
    </SectionCard>
  );
}
