import { formatLongUsDate, type TDatasetDetail } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import { DatasetAbout, DatasetCounts } from './dataset-about';
import { DatasetCitation } from './dataset-citation';
import { DatasetHeader } from './dataset-header';
import { DatasetHistory } from './dataset-history';
import { DatasetSpeciesNames } from './dataset-species-names';
import { DatasetVersions } from './dataset-versions';
import { MetadataRevisionForm } from './metadata-revision-form';

/** A withdrawn dataset's page stays (it is cited), saying when and why its data went. */
function Tombstone({ withdrawal }: { withdrawal: NonNullable<TDatasetDetail['withdrawal']> }) {
  return (
    <Alert variant="danger" className="mb-4">
      <h2 className="h5 alert-heading">
        This dataset was withdrawn on {formatLongUsDate(withdrawal.at)}
      </h2>
      <p className="mb-1">Reason: {withdrawal.reason}</p>
      <p className="mb-0 small">
        Its data are no longer available on this platform; this page remains so that citations of it
        still resolve.
      </p>
    </Alert>
  );
}

/** A loaded dataset: its description, citation, versions and history, or its tombstone. */
export function DatasetDetail({ dataset }: { dataset: TDatasetDetail }) {
  const { withdrawal, version } = dataset;
  return (
    <>
      <DatasetHeader dataset={dataset} />
      {withdrawal && <Tombstone withdrawal={withdrawal} />}
      {version.review_message && version.state === 'rejected' && (
        <Alert variant="warning" className="mb-4">
          <h2 className="h6 alert-heading">The curator asked for changes</h2>
          <p className="mb-0 text-break">{version.review_message}</p>
        </Alert>
      )}
      <DatasetCitation dataset={dataset} />
      {dataset.can.revise_metadata && (
        <MetadataRevisionForm key={`${dataset.id}-${version.number}`} dataset={dataset} />
      )}
      <DatasetAbout dataset={dataset} />
      {!withdrawal && <DatasetCounts dataset={dataset} />}
      {!withdrawal && <DatasetSpeciesNames taxa={dataset.taxa} />}
      <DatasetVersions dataset={dataset} />
      <DatasetHistory dataset={dataset} />
    </>
  );
}
