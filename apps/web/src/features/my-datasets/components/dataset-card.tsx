import {
  allowsTransition,
  CLIENT_ROUTES,
  datasetPath,
  type TDatasetDetail,
  type TDatasetMetadata,
  type TDatasetSummary,
} from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  discardVersion,
  editMetadata,
  submitForReview,
  useDatasetAction,
  withdrawDataset,
  type VersionRef,
} from '../api/dataset-actions';
import { useMyDataset } from '../api/get-my-datasets';
import { metadataUpdate, type FieldErrors } from '../utils/metadata-draft';
import { failureText } from '@/lib/http';
import { serverFieldErrors } from '../utils/server-errors';
import { DatasetMetadataForm } from './dataset-metadata-form';
import { DatasetStateBadge } from '@/components/dataset-state-badge';
import { DiscardModal } from './discard-modal';
import { WithdrawModal } from './withdraw-modal';
import '../my-datasets.css';

export interface Notice {
  variant: 'success' | 'danger';
  text: string;
}

export const UNTITLED = 'Untitled dataset';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One of the user's datasets in My datasets: its state, what review still needs, the curator's
 * message of a rejection, and the actions its `can` flags allow (the server checks again).
 */
export function DatasetCard({
  summary,
  onNotice,
}: {
  summary: TDatasetSummary;
  onNotice: (notice: Notice) => void;
}) {
  const detail = useMyDataset(summary.id);
  const title = summary.title.trim() || UNTITLED;
  const headingId = `dataset-${summary.id}-title`;
  const { counts } = summary;

  return (
    <Card as="article" className="mb-3" aria-labelledby={headingId}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <h2 className="h5 mb-0 text-break" id={headingId}>
            {title}
          </h2>
          <DatasetStateBadge state={summary.state} withdrawn={summary.withdrawn} />
        </div>
        <p className="text-body-secondary small mb-2">
          Version {summary.version} · Project {summary.project.name} ·{' '}
          {plural(counts.colonies, 'colony', 'colonies')},{' '}
          {plural(counts.observations, 'observation', 'observations')},{' '}
          {plural(counts.thresholds, 'threshold', 'thresholds')}
          {summary.embargo_until && ` · Embargo until ${summary.embargo_until}`}
        </p>
        <p className="mb-2">
          <Link to={datasetPath(summary.id, summary.version)}>
            Page of version {summary.version}
            <span className="visually-hidden"> of {title}</span>
          </Link>
        </p>
        {detail.isPending ? (
          <div role="status" className="d-flex align-items-center gap-2 small">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Loading what you can do…
          </div>
        ) : detail.isError ? (
          <Alert variant="danger" className="mb-0">
            What you can do with this dataset could not be loaded: {failureText(detail.error)}{' '}
            <Button
              variant="link"
              className="p-0 align-baseline"
              onClick={() => void detail.refetch()}
            >
              Try again
            </Button>
          </Alert>
        ) : (
          <DatasetActions dataset={detail.data} title={title} onNotice={onNotice} />
        )}
      </Card.Body>
    </Card>
  );
}

type Dialog = 'discard' | 'withdraw' | null;

function DatasetActions({
  dataset,
  title,
  onNotice,
}: {
  dataset: TDatasetDetail;
  title: string;
  onNotice: (notice: Notice) => void;
}) {
  const { version, can } = dataset;
  const ref: VersionRef = { datasetId: dataset.id, version: version.number };
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const save = useDatasetAction(
    async ({ metadata, submit }: { metadata: TDatasetMetadata; submit: boolean }) => {
      const saved = await editMetadata(ref, metadataUpdate(metadata, !can.edit));
      return submit ? submitForReview(ref) : saved;
    },
  );
  const submit = useDatasetAction(() => submitForReview(ref));
  const discard = useDatasetAction(() => discardVersion(ref));
  const withdraw = useDatasetAction((reason: string) => withdrawDataset(dataset.id, reason));

  const submittable = allowsTransition(version.state, 'submit');
  // Discarding has no flag of its own: the owner (who may edit everything) of a version the
  // state table lets go.
  const canDiscard =
    allowsTransition(version.state, 'discard') && can.edit && dataset.withdrawal === null;
  const canEdit = can.edit || can.edit_descriptive;
  const busy = save.isPending || submit.isPending || discard.isPending || withdraw.isPending;

  const saveMetadata = (metadata: TDatasetMetadata, andSubmit: boolean) => {
    setFormError(null);
    save.mutate(
      { metadata, submit: andSubmit },
      {
        onSuccess: (answer) => {
          setEditing(false);
          setFieldErrors({});
          onNotice({ variant: 'success', text: answer.message });
        },
        onError: (error) => {
          setFieldErrors(serverFieldErrors(error));
          setFormError(failureText(error));
        },
      },
    );
  };

  const closeDialog = () => {
    setDialog(null);
    setDialogError(null);
  };

  return (
    <>
      {dataset.withdrawal && (
        <Alert variant="secondary">
          Withdrawn on {dataset.withdrawal.at.slice(0, 10)}: {dataset.withdrawal.reason}
        </Alert>
      )}
      {version.state === 'rejected' && (
        <Alert variant="warning" aria-labelledby={`review-message-${dataset.id}`}>
          <h3 className="h6 alert-heading" id={`review-message-${dataset.id}`}>
            The curator sent version {version.number} back to you
          </h3>
          <p className="mb-1 text-break dataset-review-message">
            {version.review_message ?? 'No message was given.'}
          </p>
          <p className="mb-0 small">Fix what it asks for, then submit the version again.</p>
        </Alert>
      )}
      {allowsTransition(version.state, 'approve') && (
        <p className="small mb-2">
          Waiting for a curator’s decision; it cannot be edited meanwhile.
        </p>
      )}
      {dataset.missing_for_submission.length > 0 && (
        <div className="mb-2">
          <p className="mb-1">Before it can be submitted for review, it needs:</p>
          <ul className="mb-0">
            {dataset.missing_for_submission.map((missing) => (
              <li key={missing}>{missing}</li>
            ))}
          </ul>
        </div>
      )}

      {!editing && (
        <div className="d-flex flex-wrap gap-2 mt-2">
          {canEdit && (
            <Button
              variant="outline-primary"
              size="sm"
              disabled={busy}
              onClick={() => setEditing(true)}
            >
              {can.edit ? 'Edit metadata' : 'Edit description'}
            </Button>
          )}
          {submittable && can.edit && (
            <Button
              variant="success"
              size="sm"
              disabled={busy || !can.submit}
              onClick={() =>
                submit.mutate(undefined, {
                  onSuccess: (answer) => onNotice({ variant: 'success', text: answer.message }),
                  onError: (error) => onNotice({ variant: 'danger', text: failureText(error) }),
                })
              }
            >
              {submit.isPending && (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              )}
              Submit for review
            </Button>
          )}
          {can.new_version && (
            <Link
              to={`${CLIENT_ROUTES.upload}?dataset=${dataset.id}`}
              className="btn btn-outline-secondary btn-sm"
            >
              Upload a new version
            </Link>
          )}
          {canDiscard && (
            <Button
              variant="outline-danger"
              size="sm"
              disabled={busy}
              onClick={() => setDialog('discard')}
            >
              Discard version {version.number}
            </Button>
          )}
          {can.withdraw && (
            <Button
              variant="outline-danger"
              size="sm"
              disabled={busy}
              onClick={() => setDialog('withdraw')}
            >
              Withdraw
            </Button>
          )}
        </div>
      )}

      {editing && (
        <section className="border rounded p-3 mt-3" aria-label={`Edit ${title}`}>
          {formError && (
            <Alert variant="danger" dismissible onClose={() => setFormError(null)}>
              {formError}
            </Alert>
          )}
          <DatasetMetadataForm
            idPrefix={`dataset-${dataset.id}`}
            initial={version.metadata}
            descriptiveOnly={!can.edit}
            serverErrors={fieldErrors}
            busy={save.isPending}
            onSave={(metadata) => saveMetadata(metadata, false)}
            onSaveAndSubmit={
              submittable && can.edit ? (metadata) => saveMetadata(metadata, true) : undefined
            }
            onCancel={() => {
              setEditing(false);
              setFormError(null);
              setFieldErrors({});
            }}
          />
        </section>
      )}

      <DiscardModal
        show={dialog === 'discard'}
        title={title}
        version={version.number}
        onlyVersion={dataset.versions.length <= 1}
        busy={discard.isPending}
        error={dialogError}
        onCancel={closeDialog}
        onDiscard={() =>
          discard.mutate(undefined, {
            onSuccess: (answer) => {
              closeDialog();
              onNotice({ variant: 'success', text: answer.message });
            },
            onError: (error) => setDialogError(failureText(error)),
          })
        }
      />
      <WithdrawModal
        show={dialog === 'withdraw'}
        title={title}
        busy={withdraw.isPending}
        error={dialogError}
        onCancel={closeDialog}
        onWithdraw={(reason) =>
          withdraw.mutate(reason, {
            onSuccess: (answer) => {
              closeDialog();
              onNotice({ variant: 'success', text: answer.message });
            },
            onError: (error) => setDialogError(failureText(error)),
          })
        }
      />
    </>
  );
}
