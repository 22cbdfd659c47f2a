import {
  CLIENT_ROUTES,
  datasetPath,
  projectPath,
  thresholdKindInfos,
  UPLOAD_FLAG_LABELS,
  uploadErrorReportCsv,
  uploadFlagReportCsv,
  uploadFormat,
  type TUploadDetail,
} from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { ScrollableTable } from '@/components/scrollable-table';
import { isApiError } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import { useUpload } from '../api/get-uploads';
import { formatKilobytes } from '../utils/upload-files';
import { errorReportFileName, flagReportFileName, formatUploadTime } from '../utils/upload-summary';
import { UploadStatusBadge } from './upload-status-badge';
import { LoginPrompt } from '@/components/login-prompt';
import '../upload.css';

const FILE_NAMES = { main: 'Main data file', ed50: 'ED50 results file' } as const;

const COUNT_LABELS: (readonly [keyof TUploadDetail['counts'], string])[] = [
  ['rows', 'Rows read'],
  ['projects', 'Projects created'],
  ['publications', 'Publications'],
  ['experiments', 'Experiments'],
  ['colonies', 'Colonies'],
  ['biosamples', 'Biosamples'],
  ['observations', 'Observations'],
  // "Thermal tolerances (ED50)", one line per threshold kind.
  ...thresholdKindInfos.map(
    ({ listKey, pluralLabel, edLabel }) =>
      [
        listKey,
        `${pluralLabel.charAt(0)}${pluralLabel.slice(1).toLowerCase()} (${edLabel})`,
      ] as const,
  ),
  ['unchanged_observations', 'Observations already stored'],
  ['unchanged_thresholds', 'Thresholds already stored'],
];

function download(csv: string, name: string) {
  saveFile(new Blob([csv], { type: 'text/csv' }), name);
}

/** /uploads/{id}: one upload with its counts, row-level errors, quality flags and warnings. */
export function UploadDetailPage() {
  const { uploadId = '' } = useParams();
  const { auth, query } = useUpload(uploadId);

  let content;
  if (auth.isLoading) {
    content = <Loading text="Loading the upload..." />;
  } else if (!auth.isAuthenticated) {
    content = <LoginPrompt to="see your uploads" />;
  } else if (query.isPending) {
    content = <Loading text="Loading the upload..." />;
  } else if (query.isError) {
    content = isApiError(query.error, 404) ? (
      <div className="text-center py-5">
        <h1 className="h3">Upload Not Found</h1>
        <p>There is no upload #{uploadId} among your uploads.</p>
      </div>
    ) : (
      <Alert variant="danger">The upload could not be loaded: {query.error.message}</Alert>
    );
  } else {
    content = <UploadDetail upload={query.data} />;
  }

  return (
    <Container className="py-4">
      <PageTitle title={`Upload #${uploadId}`} />
      <Link to={CLIENT_ROUTES.uploads} className="d-inline-block mb-3">
        ← My uploads
      </Link>
      {content}
    </Container>
  );
}

function UploadDetail({ upload }: { upload: TUploadDetail }) {
  const counts = COUNT_LABELS.filter(([key]) => typeof upload.counts[key] === 'number');
  const renamed = upload.column_mapping.filter((m) => m.how !== 'exact');
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="mb-0">Upload #{upload.id}</h1>
        <UploadStatusBadge status={upload.status} />
      </div>
      {upload.message && (
        <Alert
          variant={
            upload.status === 'failed' ? 'danger' : upload.status === 'done' ? 'success' : 'info'
          }
          role="status"
        >
          {upload.message}
        </Alert>
      )}
      {(upload.status === 'queued' || upload.status === 'processing') && !upload.message && (
        <Alert variant="info" role="status">
          {upload.status === 'queued'
            ? 'Waiting in the queue; this page updates by itself.'
            : 'Being checked and imported; this page updates by itself.'}
        </Alert>
      )}

      <Card className="mb-4">
        <Card.Body>
          <dl className="row mb-0">
            <dt className="col-sm-3">Main data file</dt>
            <dd className="col-sm-9">
              {upload.main_file_name} ({formatKilobytes(upload.main_file_bytes)})
              {upload.format && ` · ${uploadFormat(upload.format).shortLabel}`}
            </dd>
            <dt className="col-sm-3">ED50 results file</dt>
            <dd className="col-sm-9">
              {upload.ed_file_name
                ? `${upload.ed_file_name} (${formatKilobytes(upload.ed_file_bytes ?? 0)})`
                : 'none'}
            </dd>
            <dt className="col-sm-3">Uploaded</dt>
            <dd className="col-sm-9">{formatUploadTime(upload.created_at)}</dd>
            <dt className="col-sm-3">Finished</dt>
            <dd className="col-sm-9">{formatUploadTime(upload.finished_at)}</dd>
            <dt className="col-sm-3">Attempts</dt>
            <dd className="col-sm-9">{upload.attempts}</dd>
            {upload.dataset && (
              <>
                <dt className="col-sm-3">Dataset</dt>
                <dd className="col-sm-9">
                  <Link to={datasetPath(upload.dataset.id, upload.dataset.version)}>
                    Version {upload.dataset.version} of{' '}
                    {upload.dataset.title
                      ? `“${upload.dataset.title}”`
                      : `dataset #${upload.dataset.id}`}
                  </Link>{' '}
                  ·{' '}
                  <Link to={CLIENT_ROUTES.my_datasets}>Describe and submit it in My datasets</Link>
                </dd>
                {upload.dataset.project && (
                  <>
                    <dt className="col-sm-3">Project</dt>
                    <dd className="col-sm-9">{upload.dataset.project.name}</dd>
                  </>
                )}
              </>
            )}
            {/* A version's project is public only once the version is; its dataset page says. */}
            {upload.project_ids.length > 0 && !upload.dataset && (
              <>
                <dt className="col-sm-3">Project</dt>
                <dd className="col-sm-9">
                  {upload.project_ids.map((id, index) => (
                    <span key={id}>
                      {index > 0 && ', '}
                      <Link to={projectPath(id)}>View project #{id}</Link>
                    </span>
                  ))}
                </dd>
              </>
            )}
          </dl>
        </Card.Body>
      </Card>

      {counts.length > 0 && upload.status === 'done' && (
        <section className="mb-4" aria-labelledby="upload-counts">
          <h2 className="h4" id="upload-counts">
            What was imported
          </h2>
          <ScrollableTable label="Counts" size="sm" className="w-auto">
            <tbody>
              {counts.map(([key, label]) => (
                <tr key={key}>
                  <th scope="row" className="fw-normal">
                    {label}
                  </th>
                  <td className="text-end">{upload.counts[key] as number}</td>
                </tr>
              ))}
            </tbody>
          </ScrollableTable>
        </section>
      )}

      {upload.errors.length > 0 && (
        <section className="mb-4" aria-labelledby="upload-errors">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
            <h2 className="h4 mb-0" id="upload-errors">
              Errors to fix ({upload.counts.errors ?? upload.errors.length})
            </h2>
            <Button
              variant="outline-danger"
              onClick={() =>
                download(uploadErrorReportCsv(upload.errors), errorReportFileName(upload.id))
              }
            >
              Download error report (CSV)
            </Button>
          </div>
          {/* Decision 0022: one line per kind of problem before the row-by-row table. */}
          <ul className="mb-3" aria-label="Errors by kind">
            {upload.error_groups.map((group, index) => (
              <li key={index}>
                <strong>
                  {FILE_NAMES[group.file]}
                  {group.column ? `, ${group.column}` : ''}:
                </strong>{' '}
                {group.summary} <span className="text-body-secondary">→ {group.fix}</span>
              </li>
            ))}
          </ul>
          <ScrollableTable label="Errors" size="sm" striped>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Value</th>
                <th scope="col">Problem</th>
                <th scope="col">Fix</th>
              </tr>
            </thead>
            <tbody>
              {upload.errors.slice(0, 500).map((error, index) => (
                <tr key={index}>
                  <td>{FILE_NAMES[error.file]}</td>
                  <td>{error.row ?? '—'}</td>
                  <td>{error.column ?? '—'}</td>
                  <td>{error.value ?? '—'}</td>
                  <td>{error.problem}</td>
                  <td>{error.fix}</td>
                </tr>
              ))}
            </tbody>
          </ScrollableTable>
          {upload.errors.length > 500 && (
            <p className="small text-body-secondary">
              The first 500 are shown; the CSV has all {upload.errors.length}.
            </p>
          )}
        </section>
      )}

      {upload.quality_flags.length > 0 && (
        <section className="mb-4" aria-labelledby="upload-flags">
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
            <h2 className="h4 mb-0" id="upload-flags">
              Quality flags ({upload.counts.flags ?? upload.quality_flags.length})
            </h2>
            <Button
              variant="outline-secondary"
              onClick={() =>
                download(uploadFlagReportCsv(upload.quality_flags), flagReportFileName(upload.id))
              }
            >
              Download quality flags (CSV)
            </Button>
          </div>
          <p className="small text-body-secondary">
            The data were imported; these values deserve a second look. Nothing was changed.
          </p>
          <ScrollableTable label="Quality flags" size="sm" striped>
            <thead>
              <tr>
                <th scope="col">Flag</th>
                <th scope="col">Colony</th>
                <th scope="col">Condition</th>
                <th scope="col">Timepoint</th>
                <th scope="col">Row</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {upload.quality_flags.map((flag, index) => (
                <tr key={index}>
                  <td>{UPLOAD_FLAG_LABELS[flag.code]}</td>
                  <td>
                    {flag.colony
                      ? `${flag.colony}${flag.species ? ` (${flag.species})` : ''}`
                      : '—'}
                  </td>
                  <td>{flag.condition ?? '—'}</td>
                  <td>{flag.timepoint ?? '—'}</td>
                  <td>{flag.row ?? '—'}</td>
                  <td>{flag.message}</td>
                </tr>
              ))}
            </tbody>
          </ScrollableTable>
        </section>
      )}

      {(upload.warnings.length > 0 || renamed.length > 0) && (
        <section className="mb-4" aria-labelledby="upload-notes">
          <h2 className="h4" id="upload-notes">
            How the files were read
          </h2>
          <ul>
            {renamed.map((match) => (
              <li key={`${match.column}-${match.position}`}>
                Column <code>{match.found}</code> read as <code>{match.column}</code>.
              </li>
            ))}
            {upload.warnings.map((warning, index) => (
              <li key={index}>{warning.message}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
