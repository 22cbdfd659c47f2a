import { CLIENT_ROUTES } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/http';
import { useSnapshot } from '../api/get-snapshot';
import { SnapshotDetail } from './snapshot-detail';

function SnapshotNotFound({ snapshotId }: { snapshotId: string }) {
  return (
    <div className="text-center py-5">
      <PageTitle title="Snapshot Not Found" />
      <p className="display-4 fw-bold text-body-secondary mb-0">404</p>
      <h1 className="h2">Snapshot Not Found</h1>
      <p className="text-body-secondary">
        There is no snapshot with the id <code className="text-break">{snapshotId}</code>.
      </p>
      <Link to={CLIENT_ROUTES.map} className="btn btn-primary">
        Go to Map
      </Link>
    </div>
  );
}

/** /snapshots/{id} (decision 0015): a citable snapshot, or not found. */
export function SnapshotPage() {
  const { snapshotId = '' } = useParams();
  const { data: snapshot, error, isPending } = useSnapshot(snapshotId);

  let content;
  if (isPending) {
    content = (
      <>
        <PageTitle title="Snapshot" />
        <Loading text="Loading snapshot..." />
      </>
    );
  } else if (isApiError(error, 404)) {
    content = <SnapshotNotFound snapshotId={snapshotId} />;
  } else if (error) {
    content = (
      <Alert variant="danger" className="my-4">
        <PageTitle title="Error Loading Snapshot" />
        <h1 className="h4 alert-heading">Error Loading Snapshot</h1>
        <p className="mb-0">{error.message}</p>
      </Alert>
    );
  } else {
    content = (
      <>
        <PageTitle title={`Citable snapshot ${snapshot.id}`} />
        <SnapshotDetail snapshot={snapshot} />
      </>
    );
  }
  return <Container className="py-4">{content}</Container>;
}
