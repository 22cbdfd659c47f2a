import type { TCartGroup } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this group?';

interface DeleteGroupModalProps {
  show: boolean;
  /** Kept while the dialog fades out after closing. */
  group: TCartGroup | null;
  busy: boolean;
  error: string | null;
  onDismissError: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  /** After the dialog has closed (focus handling of the page). */
  onExited: () => void;
  /** False once the group is gone: its Delete button no longer exists to take focus back. */
  restoreFocus: boolean;
}

/**
 * Delete asks for confirmation (product-spec §2); the dialog takes focus, Cancel keeps the group.
 */
export function DeleteGroupModal({
  show,
  group,
  busy,
  error,
  onDismissError,
  onCancel,
  onConfirm,
  onExited,
  restoreFocus,
}: DeleteGroupModalProps) {
  return (
    <Modal
      show={show && group !== null}
      onHide={onCancel}
      onExited={onExited}
      restoreFocus={restoreFocus}
      aria-labelledby="delete-group-title"
      aria-describedby="delete-group-question"
    >
      <Modal.Header closeButton>
        <Modal.Title id="delete-group-title">Delete Group</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" dismissible onClose={onDismissError}>
            {error}
          </Alert>
        )}
        <p id="delete-group-question" className="mb-2">
          {DELETE_CONFIRMATION}
        </p>
        {group && (
          <p className="mb-0">
            <strong className="text-break">{group.name}</strong> ({group.colony_count}{' '}
            {group.colony_count === 1 ? 'colony' : 'colonies'})
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
