import { approvalNoteProblem, DATASET_LIMITS, datasetPath, type TReviewItem } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useState } from 'react';
import { Link } from 'react-router';
import { failureText } from '@/lib/http';
import { useDecide, type Decision } from '../api/review-queue';
import { ReviewEvidence } from './review-evidence';

export interface ReviewNotice {
  variant: 'success' | 'danger';
  text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One version waiting for review: what it is, the evidence to decide on (flags, species, sites,
 * description, changes), a link to its page, and the decision with a message to the owner:
 * required for a rejection, and for an approval when the version has quality flags (the note
 * acknowledges them; docs/decisions/0055-review-with-evidence.md).
 */
export function ReviewItem({
  item,
  onNotice,
}: {
  item: TReviewItem;
  onNotice: (notice: ReviewNotice) => void;
}) {
  const decide = useDecide();
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = item.title.trim() || 'Untitled dataset';
  const headingId = `review-${item.dataset_id}-${item.version}`;
  const messageId = `${headingId}-message`;
  const pending = decide.isPending ? decide.variables.decision : null;
  const flagged = item.flag_count > 0;

  const send = (decision: Decision['decision']) => {
    setError(null);
    if (decision === 'reject' && message.trim() === '') {
      setMessageError('Tell the owner what to fix: a rejection needs a message.');
      return;
    }
    const noteProblem =
      decision === 'approve' ? approvalNoteProblem(item.flag_count, message) : null;
    if (noteProblem) {
      setMessageError(noteProblem);
      return;
    }
    setMessageError(null);
    decide.mutate(
      { datasetId: item.dataset_id, version: item.version, decision, message: message.trim() },
      {
        onSuccess: (answer) => onNotice({ variant: 'success', text: answer.message }),
        onError: (failure) => setError(failureText(failure)),
      },
    );
  };

  return (
    <Card as="article" className="mb-3" aria-labelledby={headingId}>
      <Card.Body>
        <h2 className="h5 text-break" id={headingId}>
          {title}
        </h2>
        <dl className="row small mb-2">
          <dt className="col-sm-3">Owner</dt>
          <dd className="col-sm-9">{item.owner?.username ?? 'unknown'}</dd>
          <dt className="col-sm-3">Version</dt>
          <dd className="col-sm-9">{item.version}</dd>
          <dt className="col-sm-3">Submitted</dt>
          <dd className="col-sm-9">{item.submitted_at.slice(0, 10)}</dd>
          <dt className="col-sm-3">Contents</dt>
          <dd className="col-sm-9">
            {plural(item.counts.colonies, 'colony', 'colonies')},{' '}
            {plural(item.counts.observations, 'observation', 'observations')},{' '}
            {plural(item.counts.thresholds, 'threshold', 'thresholds')}
            {item.counts.species.length > 0 &&
              ` · ${plural(item.counts.species.length, 'species', 'species')}`}
          </dd>
        </dl>
        <ReviewEvidence item={item} headingId={headingId} />
        <p>
          <Link to={datasetPath(item.dataset_id, item.version)}>
            Open version {item.version}
            <span className="visually-hidden"> of {title}</span>
          </Link>
        </p>
        {item.own && (
          <Alert variant="info" className="py-2">
            This is your own submission: another curator has to approve it.
          </Alert>
        )}
        {error && (
          <Alert variant="danger" dismissible onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Form.Group controlId={messageId} className="mb-2">
          <Form.Label>
            {flagged
              ? 'Message to the owner (required: acknowledge the flags)'
              : 'Message to the owner'}
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={message}
            maxLength={DATASET_LIMITS.message}
            onChange={(event) => {
              setMessage(event.target.value);
              setMessageError(null);
            }}
            isInvalid={messageError !== null}
            aria-describedby={`${messageId}-help${messageError ? ` ${messageId}-error` : ''}`}
          />
          {messageError && (
            <Form.Control.Feedback type="invalid" id={`${messageId}-error`}>
              {messageError}
            </Form.Control.Feedback>
          )}
          <Form.Text id={`${messageId}-help`}>
            {flagged
              ? `This version has ${plural(item.flag_count, 'quality flag', 'quality flags')}: an approval needs a note saying what you checked and why the data can be published as they are (it is recorded in the dataset’s history). Required when rejecting (say what to fix).`
              : 'Optional when approving; required when rejecting (say what to fix).'}
          </Form.Text>
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="success" disabled={pending !== null} onClick={() => send('approve')}>
            {pending === 'approve' && (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            Approve
          </Button>
          <Button
            variant="outline-danger"
            disabled={pending !== null}
            onClick={() => send('reject')}
          >
            {pending === 'reject' && (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            Reject
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
