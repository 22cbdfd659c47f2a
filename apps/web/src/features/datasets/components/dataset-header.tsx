import {
  ANONYMOUS,
  canReadData,
  CLIENT_ROUTES,
  doiUrl,
  downloadFolders,
  orcidUrl,
  projectPath,
  type TDatasetDetail,
} from '@coral/core';
import { Link } from 'react-router';
import { DownloadMenu } from '@/components/downloads/download-menu';
import { ExternalLink } from '@/components/external-link';
import { LicenceBadge } from '@/components/licence-badge';
import { BackToDatasets } from './back-to-datasets';
import { DatasetStateBadge } from '@/components/dataset-state-badge';

/** Title, state, licence, project and version; the owner's way to the dataset's actions. */
export function DatasetHeader({ dataset }: { dataset: TDatasetDetail }) {
  const { version, can } = dataset;
  const doi = doiUrl(version.doi ?? dataset.doi);
  const manageable = can.edit || can.submit || can.withdraw;
  // Downloads are public files: offered only where anyone may read the data (published, not
  // withdrawn), even to an owner or curator who could see more.
  const downloadable = canReadData(ANONYMOUS, {
    state: version.state,
    ownerId: null,
    withdrawn: dataset.withdrawal !== null,
  });
  return (
    <header className="mb-4">
      <BackToDatasets />
      <h1 className="mt-3 mb-2 text-break">{version.metadata.title || `Dataset ${dataset.id}`}</h1>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <DatasetStateBadge state={version.state} withdrawn={dataset.withdrawal !== null} />
        <LicenceBadge licence={version.metadata.licence} withLink />
        <span className="badge text-bg-light border">Version {version.number}</span>
      </div>
      <p className="text-body-secondary mb-1">
        Project: <Link to={projectPath(dataset.project.id)}>{dataset.project.name}</Link>
        {dataset.owner && (
          <span className="ms-3">
            Owner: {dataset.owner.username}
            {dataset.owner.orcid && (
              <>
                {' '}
                <ExternalLink
                  href={orcidUrl(dataset.owner.orcid)}
                  className="small"
                  aria-label={`ORCID iD of ${dataset.owner.username}: ${dataset.owner.orcid}`}
                >
                  ORCID {dataset.owner.orcid}
                </ExternalLink>
              </>
            )}
          </span>
        )}
      </p>
      {doi && (
        <p className="mb-1">
          DOI: <ExternalLink href={doi}>{version.doi ?? dataset.doi}</ExternalLink>
        </p>
      )}
      {(downloadable || manageable) && (
        <div className="d-flex flex-wrap gap-2 mt-2">
          {downloadable && (
            <DownloadMenu
              folder={downloadFolders.datasetVersion(dataset.id, version.number)}
              size="sm"
              label={`Download the colonies of version ${version.number}`}
            />
          )}
          {manageable && (
            <Link to={CLIENT_ROUTES.my_datasets} className="btn btn-outline-primary btn-sm">
              Manage in My datasets
            </Link>
          )}
        </div>
      )}
    </header>
  );
}
