import {
  CLIENT_ROUTES,
  datasetPath,
  uploadErrorReportCsv,
  uploadPath,
  type TUploadSummary,
} from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { ScrollableTable } from '@/components/scrollable-table';
import { saveFile } from '@/lib/save-file';
import { getUpload, useUploads } from '../api/get-uploads';
import { createdSummary, errorReportFileName, formatUploadTime } from '../utils/upload-summary';
import { formatKilobytes } from '../utils/upload-files';
import { UploadStatusBadge } from './upload-status-badge';
import { LoginPrompt } from '@/components/login-prompt';

export const UPLOADS_TITLE = 'My uploads';
export const NO_UPLOADS = 'You have not uploaded any datasets yet.';

async function downloadErrors(uploadId: number) {
  const detail = await getUpload(uploadId);
  saveFile(
    new Blob([uploadErrorReportCsv(detail.errors)], { type: 'text/csv' }),
    errorReportFileName(uploadId),
  );
}

/** The dataset version an upload became, by title, and its project (decision 0056). */
function UploadDataset({ dataset }: { dataset: TUploadSummary['dataset'] }) {
  if (!dataset) return <span className="text-body-secondary">—</span>;
  return (
    <>
      <div>
        <Link to={datasetPath(dataset.id, dataset.version)}>
          {dataset.title || `Untitled dataset #${dataset.id}`}
        </Link>{' '}
        <span className="text-body-secondary small">(version {dataset.version})</span>
      </div>
      {dataset.project && (
        <div className="small text-body-secondary">Project: {dataset.project.name}</div>
      )}
    </>
  );
}

/** /uploads: the signed-in researcher's uploads, newest first; statuses refresh while running. */
export function UploadsPage() {
  const { auth, query } = useUploads();

  let content;
  if (auth.isLoading) {
    content = <Loading text="Loading your uploads..." />;
  } else if (!auth.isAuthenticated) {
    content = <LoginPrompt to="see your uploads" />;
  } else if (query.isPending) {
    content = <Loading text="Loading your uploads..." />;
  } else if (query.isError) {
    content = (
      <Alert variant="danger">
        Your uploads could not be loaded.{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (query.data.length === 0) {
    content = (
      <div className="text-center py-5 border rounded">
        <p className="h5">{NO_UPLOADS}</p>
        <Link to={CLIENT_ROUTES.upload} className="btn btn-primary">
          Upload Data
        </Link>
      </div>
    );
  } else {
    content = (
      <ScrollableTable label="Your uploads" hover className="align-middle">
        <thead>
          <tr>
            <th scope="col">Upload</th>
            <th scope="col">Dataset</th>
            <th scope="col">Files</th>
            <th scope="col">Status</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Result</th>
            <th scope="col">Quality flags</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((upload) => (
            <tr key={upload.id}>
              <td>
                <Link to={uploadPath(upload.id)}>#{upload.id}</Link>
              </td>
              <td>
                <UploadDataset dataset={upload.dataset} />
              </td>
              <td>
                <div>
                  {upload.main_file_name}{' '}
                  <span className="text-body-secondary small">
                    ({formatKilobytes(upload.main_file_bytes)})
                  </span>
                </div>
                {upload.ed_file_name && (
                  <div>
                    {upload.ed_file_name}{' '}
                    <span className="text-body-secondary small">
                      ({formatKilobytes(upload.ed_file_bytes ?? 0)})
                    </span>
                  </div>
                )}
              </td>
              <td>
                <UploadStatusBadge status={upload.status} />
              </td>
              <td>{formatUploadTime(upload.created_at)}</td>
              <td>{createdSummary(upload)}</td>
              <td>{upload.status === 'done' ? (upload.counts.flags ?? 0) : '—'}</td>
              <td className="text-nowrap">
                <Link to={uploadPath(upload.id)} className="btn btn-sm btn-outline-primary me-2">
                  Details
                </Link>
                {upload.status === 'failed' && (upload.counts.errors ?? 0) > 0 && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => void downloadErrors(upload.id)}
                  >
                    Error report (CSV)
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    );
  }

  return (
    <Container className="py-4">
      <PageTitle title={UPLOADS_TITLE} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 className="mb-0">{UPLOADS_TITLE}</h1>
        <Link to={CLIENT_ROUTES.upload} className="btn btn-primary">
          Upload Data
        </Link>
      </div>
      {content}
    </Container>
  );
}
