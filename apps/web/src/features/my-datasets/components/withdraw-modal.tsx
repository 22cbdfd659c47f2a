import { DATASET_LIMITS } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useState, type FormEvent } from 'react';

interface WithdrawModalProps {
  show: boolean;
  title: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onWithdraw: (reason: string) => void;
}

/**
 * Withdrawing takes the data out of every public view for good: the dialog says so and asks for
 * the reason, which the dataset's tombstone page shows.
 */
export function WithdrawModal({
  show,
  title,
  busy,
  error,
  onCancel,
  onWithdraw,
}: WithdrawModalProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const blank = reason.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!blank && !busy) onWithdraw(reason.trim());
  };

  return (
    <Modal show={show} onHide={onCancel} aria-labelledby="withdraw-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="withdraw-title">Withdraw dataset</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{error}</Alert>}
          <p>
            Withdrawing <strong className="text-break">{title}</strong> removes its data from the
            map, the API, the statistics and every download. Its page stays, so that citations still
            resolve, and says why it was withdrawn.
          </p>
          <Form.Group controlId="withdraw-reason">
            <Form.Label>Reason for withdrawing</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={reason}
              maxLength={DATASET_LIMITS.message}
              onChange={(event) => setReason(event.target.value)}
              isInvalid={tried && blank}
              aria-describedby={tried && blank ? 'withdraw-reason-error' : undefined}
            />
            <Form.Control.Feedback type="invalid" id="withdraw-reason-error">
              Give the reason for withdrawing.
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Withdraw
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
