import { ZDatasetMetadata, type TDatasetMetadata } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useEffect, useMemo, useState } from 'react';
import { useMyDatasets } from '../api/get-my-datasets';
import type { MetadataCheck } from '../utils/metadata-draft';
import { failureText } from '@/lib/http';
import { serverFieldErrors } from '../utils/server-errors';
import { DatasetMetadataForm } from './dataset-metadata-form';

/** The shape the upload page expects (kept structural: features do not import each other). */
export interface UploadDatasetStepProps {
  disabled: boolean;
  preselectedDatasetId: number | null;
  uploadError: unknown;
  onChange: (
    choice: { fields: { dataset_id?: string; metadata?: string } } | { problem: string },
  ) => void;
}

export const DATASET_STEP_LEGEND = '3. Dataset';
export const NEW_DATASET = 'A new dataset';
export const DESCRIBE_NOW =
  'Describe the dataset now (you can also do it later, before submitting for review)';

const EMPTY_METADATA = JSON.stringify(ZDatasetMetadata.parse({}));
const isEmpty = (metadata: TDatasetMetadata) => JSON.stringify(metadata) === EMPTY_METADATA;

/**
 * The upload page's Dataset step: the files become a draft of a new dataset (optionally described
 * at once) or the next version of one of the user's datasets. With nothing chosen or typed, the
 * upload sends the files alone, exactly as before datasets existed.
 */
export function UploadDatasetStep({
  disabled,
  preselectedDatasetId,
  uploadError,
  onChange,
}: UploadDatasetStepProps) {
  const { query } = useMyDatasets();
  const [mode, setMode] = useState<'new' | 'version'>(
    preselectedDatasetId === null ? 'new' : 'version',
  );
  const [datasetId, setDatasetId] = useState(preselectedDatasetId?.toString() ?? '');
  const [describing, setDescribing] = useState(false);
  const [check, setCheck] = useState<MetadataCheck | null>(null);
  const serverErrors = useMemo(() => serverFieldErrors(uploadError), [uploadError]);
  // The server's messages about the description open it, so that they are seen.
  const [seenErrors, setSeenErrors] = useState(serverErrors);
  if (seenErrors !== serverErrors) {
    setSeenErrors(serverErrors);
    if (Object.keys(serverErrors).length > 0) setDescribing(true);
  }
  const choosable = (query.data ?? []).filter((dataset) => !dataset.withdrawn);
  const preselectedMissing =
    preselectedDatasetId !== null &&
    query.isSuccess &&
    !choosable.some((dataset) => dataset.id === preselectedDatasetId);

  useEffect(() => {
    if (mode === 'version') {
      onChange(
        datasetId === ''
          ? { problem: 'Choose the dataset this upload is a new version of.' }
          : { fields: { dataset_id: datasetId } },
      );
    } else if (check === null || (check.metadata !== null && isEmpty(check.metadata))) {
      onChange({ fields: {} });
    } else if (check.metadata === null) {
      onChange({
        problem: 'Some fields of the dataset description need your attention (see above).',
      });
    } else {
      onChange({ fields: { metadata: JSON.stringify(check.metadata) } });
    }
    // Report what changed in the step, not each new callback of the parent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, datasetId, check]);

  const formId = 'upload-dataset-description';
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="fs-6 fw-semibold">{DATASET_STEP_LEGEND}</legend>
      <Form.Check
        type="radio"
        id="upload-target-new"
        name="upload-target"
        label={NEW_DATASET}
        checked={mode === 'new'}
        onChange={() => setMode('new')}
      />
      <Form.Check
        type="radio"
        id="upload-target-version"
        name="upload-target"
        label="A new version of one of my datasets"
        checked={mode === 'version'}
        onChange={() => setMode('version')}
      />

      {mode === 'version' && (
        <div className="ms-4 mt-2">
          {query.isPending ? (
            <p className="small mb-0" role="status">
              Loading your datasets...
            </p>
          ) : query.isError ? (
            <Alert variant="danger" className="mb-0">
              Your datasets could not be loaded: {failureText(query.error)}
            </Alert>
          ) : choosable.length === 0 ? (
            <p className="small mb-0">
              You have no dataset yet: this upload will start one. Choose “{NEW_DATASET}”.
            </p>
          ) : (
            <Form.Group controlId="upload-target-dataset">
              <Form.Label>Dataset</Form.Label>
              <Form.Select value={datasetId} onChange={(event) => setDatasetId(event.target.value)}>
                <option value="">Choose a dataset…</option>
                {choosable.map((dataset) => (
                  <option key={dataset.id} value={dataset.id}>
                    {dataset.title.trim() || 'Untitled dataset'} (#{dataset.id}, version{' '}
                    {dataset.version})
                  </option>
                ))}
              </Form.Select>
              <Form.Text>
                The new version holds exactly what these files say; its description starts from the
                previous version’s.
              </Form.Text>
            </Form.Group>
          )}
          {preselectedMissing && (
            <Alert variant="warning" className="mt-2 mb-0">
              Dataset #{preselectedDatasetId} is not one of your datasets (or it was withdrawn).
            </Alert>
          )}
        </div>
      )}

      {mode === 'new' && (
        <div className="ms-4 mt-2">
          <Button
            variant="link"
            className="p-0 text-start"
            aria-expanded={describing}
            aria-controls={formId}
            onClick={() => setDescribing((open) => !open)}
          >
            {DESCRIBE_NOW}
          </Button>
          {/* Hidden, not unmounted: closing it keeps what was typed. */}
          <div id={formId} hidden={!describing} className="mt-3">
            <DatasetMetadataForm
              idPrefix="upload-metadata"
              serverErrors={serverErrors}
              onChange={setCheck}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
