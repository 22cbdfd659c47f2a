import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/http';
import { useDataset, type DatasetRef } from '../api/get-dataset';
import { BackToDatasets } from './back-to-datasets';
import { DatasetDetail } from './dataset-detail';

const POSITIVE_INTEGER = /^[1-9]\d{0,8}$/;

function DatasetNotFound({ datasetId, version }: DatasetRef) {
  return (
    <div className="text-center py-5">
      <PageTitle title="Dataset Not Found" />
      <h1 className="h2">Dataset Not Found</h1>
      <p className="text-body-secondary">
        {version === undefined
          ? `There is no dataset with the id ${datasetId}.`
          : `There is no version ${version} of a dataset with the id ${datasetId}.`}
      </p>
      <BackToDatasets />
    </div>
  );
}

/** The dataset once its address is known to be well formed. */
function DatasetLoader(ref: DatasetRef) {
  const { data: dataset, error, isPending } = useDataset(ref);
  if (isPending) {
    return (
      <>
        <PageTitle title="Dataset" />
        <Loading text="Loading dataset..." />
      </>
    );
  }
  if (isApiError(error, 404)) return <DatasetNotFound {...ref} />;
  if (error) {
    return (
      <Alert variant="danger" className="my-4">
        <PageTitle title="Error Loading Dataset" />
        <h1 className="h4 alert-heading">Error Loading Dataset</h1>
        <p>{error.message}</p>
        <BackToDatasets label="Back" />
      </Alert>
    );
  }
  return (
    <>
      <PageTitle title={dataset.version.metadata.title || `Dataset ${dataset.id}`} />
      <DatasetDetail dataset={dataset} />
    </>
  );
}

/**
 * /datasets/{id} and /datasets/{id}/versions/{n}: the dataset's page, or its tombstone when it
 * was withdrawn. An id or version that is not a number cannot exist: not found without asking.
 */
export function DatasetPage() {
  const { datasetId = '', version } = useParams();
  const wellFormed =
    POSITIVE_INTEGER.test(datasetId) && (version === undefined || POSITIVE_INTEGER.test(version));
  return (
    <Container className="py-4">
      {wellFormed ? (
        <DatasetLoader datasetId={datasetId} version={version} />
      ) : (
        <DatasetNotFound datasetId={datasetId} version={version} />
      )}
    </Container>
  );
}
