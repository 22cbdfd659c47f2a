import {
  checkUploadPair,
  CLIENT_ROUTES,
  isUploadFormat,
  previewUploadFile,
  UPLOAD_QUEUED_MESSAGE,
  uploadFormat,
  uploadPath,
  type PreviewResult,
} from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { loginRedirectState, useAuth } from '@/lib/auth';
import { uploadErrorText, useUploadDataset } from '../api/upload-dataset';
import {
  fieldsToSend,
  preselectedDataset,
  type DatasetStepChoice,
  type DatasetStepProps,
} from '../utils/dataset-step';
import { fileTypeError, handedOverFiles } from '../utils/upload-files';
import { DataPreview } from './data-preview';
import { FilePicker } from './file-picker';
import { UploadWorkflowCard } from './upload-workflow-card';
import '../upload.css';

export const UPLOAD_TITLE = 'Upload Coral Research Data';
export const FILE_UPLOAD_TITLE = 'File Upload';
export const MAIN_FILE_LABEL = '1. Main Data File';
export const ED_FILE_LABEL = '2. ED50 Results File';
export const VALIDATION_ERRORS = 'Validation Errors';
export const BUSY_TEXT = 'Uploading and processing your data...';
export const SUCCESS_TITLE = 'Upload Successful';
export const LOGIN_PROMPT = 'Please log in to upload data';

type Status =
  | { kind: 'success'; message: string; uploadId: number }
  | { kind: 'error'; message: string }
  | null;

/**
 * Whether the main file's layout lets the ED file be left out: a standard-schema sheet that
 * carries its ED50s inline (the format registry says which layout and column).
 */
function hasInlineEd50(preview: PreviewResult | null): boolean {
  if (preview?.ok !== true || !isUploadFormat(preview.preview.format)) return false;
  const { edFile } = uploadFormat(preview.preview.format);
  return (
    edFile.needed === 'unless-inline' &&
    preview.preview.matches.some((match) => match.column === edFile.inlineColumn)
  );
}

const FILES_ONLY: DatasetStepChoice = { fields: {} };

/**
 * /upload (product-spec §2 Upload, §4 Upload, §5, §8): choose the main data file and the ED50
 * results file, see the main file's preview, choose the dataset the files go to (decision 0012;
 * the step comes from the app), upload (with progress), then follow the queued upload in My
 * uploads. Files handed over by the ED calculator (router state) are preselected.
 */
/**
 * Decision 0022: a main file and an ED50 results file that do not belong together are refused here,
 * by the import's own pairing rule (core checkUploadPair), instead of being queued and failing
 * in the worker with one error per row.
 */
async function pairProblem(main: File, ed: File): Promise<string | null> {
  const [mainBytes, edBytes] = await Promise.all([main.arrayBuffer(), ed.arrayBuffer()]);
  const mismatch = checkUploadPair(
    { name: main.name, bytes: new Uint8Array(mainBytes) },
    { name: ed.name, bytes: new Uint8Array(edBytes) },
  );
  return mismatch && `${mismatch.problem} ${mismatch.fix}`;
}

export function UploadPage({ DatasetStep }: { DatasetStep?: ComponentType<DatasetStepProps> }) {
  const auth = useAuth();
  const location = useLocation();
  const upload = useUploadDataset();
  const [handedOver] = useState(() => handedOverFiles(location.state));
  const [mainFile, setMainFile] = useState<File | null>(handedOver?.main ?? null);
  const [edFile, setEdFile] = useState<File | null>(handedOver?.ed50 ?? null);
  const [errors, setErrors] = useState<string[]>([]);
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // A new key empties the <input type=file> elements (Clear, Upload Another Dataset).
  const [inputsKey, setInputsKey] = useState(0);
  const readCount = useRef(0);
  const [target, setTarget] = useState<DatasetStepChoice>(FILES_ONLY);
  const [preselected] = useState(() => preselectedDataset(location.search));

  // The preview follows the main file; a slower read of an earlier file never wins.
  useEffect(() => {
    if (!mainFile) return;
    const read = ++readCount.current;
    void mainFile
      .arrayBuffer()
      .then((buffer) => previewUploadFile(new Uint8Array(buffer)))
      .catch(() => ({ ok: false as const, message: 'The file could not be read.' }))
      .then((result) => {
        if (read === readCount.current) setPreview(result);
      });
  }, [mainFile]);

  const [checking, setChecking] = useState(false);
  const busy = upload.isPending || checking;
  const edOptional = hasInlineEd50(preview);
  const targetProblem = 'problem' in target ? target.problem : null;
  const canUpload =
    auth.isAuthenticated &&
    !busy &&
    mainFile !== null &&
    (edFile !== null || edOptional) &&
    targetProblem === null;

  /** Product-spec §4: a new file clears earlier validation errors and the status message. */
  const choose = (role: 'main' | 'ed50', file: File | null) => {
    setStatus(null);
    const problem = file ? fileTypeError(role, file) : null;
    setErrors(problem ? [problem] : []);
    const accepted = problem ? null : file;
    if (role === 'main') {
      readCount.current++;
      setPreview(null);
      setMainFile(accepted);
    } else {
      setEdFile(accepted);
    }
  };

  /** Product-spec §4: Clear resets both files, the preview, errors and status. */
  const reset = () => {
    readCount.current++;
    setMainFile(null);
    setEdFile(null);
    setPreview(null);
    setErrors([]);
    setStatus(null);
    setProgress(null);
    setInputsKey((key) => key + 1);
    setTarget(FILES_ONLY);
    upload.reset();
  };

  // The pair is checked as soon as both files are chosen, not only on Upload (decision 0048); a
  // newer choice makes an older check's answer moot.
  const pairCheck = useRef(0);
  useEffect(() => {
    const check = ++pairCheck.current;
    if (!mainFile || !edFile) return;
    void pairProblem(mainFile, edFile)
      .catch(() => null)
      .then((problem) => {
        if (problem && check === pairCheck.current) setErrors([problem]);
      });
  }, [mainFile, edFile]);

  const submit = async () => {
    if (!canUpload || !mainFile || 'problem' in target) return;
    setStatus(null);
    if (edFile) {
      setChecking(true);
      const problem = await pairProblem(mainFile, edFile).catch(() => null);
      setChecking(false);
      if (problem) {
        setErrors([problem]);
        return;
      }
    }
    setErrors([]);
    setProgress(0);
    upload.mutate(
      {
        main: mainFile,
        ed50: edFile,
        fields: fieldsToSend(target.fields),
        onProgress: ({ percent }) => setProgress(percent),
      },
      {
        onSuccess: (answer) =>
          setStatus({
            kind: 'success',
            message: answer.message || UPLOAD_QUEUED_MESSAGE,
            uploadId: answer.upload_id,
          }),
        onError: (error) => setStatus({ kind: 'error', message: uploadErrorText(error) }),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Container className="py-4">
      <PageTitle title="Upload" />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <h1 className="mb-0">{UPLOAD_TITLE}</h1>
        {!auth.isLoading && (
          <Badge
            pill
            bg={auth.isAuthenticated ? 'success' : 'warning'}
            text={auth.isAuthenticated ? undefined : 'dark'}
            className="fs-6 fw-normal"
          >
            {auth.isAuthenticated ? `Logged in as ${auth.username}` : LOGIN_PROMPT}
          </Badge>
        )}
      </div>

      {status?.kind === 'success' ? (
        <Alert variant="success" aria-labelledby="upload-success-title">
          <h2 className="h4 alert-heading" id="upload-success-title">
            {SUCCESS_TITLE}
          </h2>
          <p>{status.message}</p>
          <p>
            <Link to={uploadPath(status.uploadId)} className="alert-link">
              Follow its processing in My uploads
            </Link>
          </p>
          <Button variant="success" onClick={reset}>
            Upload Another Dataset
          </Button>
        </Alert>
      ) : (
        <Row className="g-4">
          <Col lg={5}>
            <UploadWorkflowCard />
          </Col>
          <Col lg={7}>
            <Card className="h-100">
              <Card.Header as="h2" className="h5">
                {FILE_UPLOAD_TITLE}
              </Card.Header>
              <Card.Body key={inputsKey}>
                <FilePicker
                  id="main-data-file"
                  label={MAIN_FILE_LABEL}
                  file={mainFile}
                  disabled={busy || !auth.isAuthenticated}
                  onChoose={(file) => choose('main', file)}
                />
                <FilePicker
                  id="ed50-results-file"
                  label={ED_FILE_LABEL}
                  file={edFile}
                  disabled={busy || !auth.isAuthenticated}
                  onChoose={(file) => choose('ed50', file)}
                  help={
                    edOptional && !edFile
                      ? 'Optional for this file: its ED50 values are in the Colony.ed50 column. An ED50 results file, if you add one, must match them.'
                      : undefined
                  }
                />
                {DatasetStep && auth.isAuthenticated && (
                  <DatasetStep
                    disabled={busy}
                    preselectedDatasetId={preselected}
                    uploadError={upload.error}
                    onChange={setTarget}
                  />
                )}

                {errors.length > 0 && (
                  <Alert variant="danger">
                    <h3 className="h6 alert-heading">{VALIDATION_ERRORS}</h3>
                    <ul className="mb-0">
                      {errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  </Alert>
                )}
                {status?.kind === 'error' && (
                  <Alert variant="danger" role="alert">
                    {status.message}
                  </Alert>
                )}

                {busy && (
                  <div role="status" className="mb-3">
                    <div className="d-flex align-items-center gap-2 mb-2">
                      <Spinner animation="border" size="sm" aria-hidden="true" />
                      <span>{BUSY_TEXT}</span>
                    </div>
                    {progress !== null && (
                      <ProgressBar
                        now={progress}
                        label={`${progress}%`}
                        aria-label="Upload progress"
                        animated={progress < 100}
                      />
                    )}
                  </div>
                )}

                {targetProblem && mainFile && <p className="small text-danger">{targetProblem}</p>}
                {auth.isAuthenticated ? (
                  <div className="d-flex gap-2">
                    <Button variant="primary" disabled={!canUpload} onClick={() => void submit()}>
                      {busy ? 'Uploading...' : 'Upload Data'}
                    </Button>
                    <Button variant="outline-secondary" disabled={busy} onClick={reset}>
                      Clear
                    </Button>
                  </div>
                ) : (
                  !auth.isLoading && (
                    <Alert variant="warning" className="mb-0">
                      You need to be logged in to upload data.{' '}
                      <Link
                        to={CLIENT_ROUTES.login}
                        state={loginRedirectState(location)}
                        className="alert-link"
                      >
                        Log in
                      </Link>
                    </Alert>
                  )
                )}
              </Card.Body>
            </Card>
          </Col>
        </Row>
      )}

      {mainFile && status?.kind !== 'success' && <DataPreview result={preview} />}
    </Container>
  );
}
