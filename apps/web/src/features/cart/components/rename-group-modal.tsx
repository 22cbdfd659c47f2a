import type { TCartGroup } from '@coral/core';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { GROUP_NAME_MAX_LENGTH, renamedName } from '../utils/cart-state';

interface RenameGroupModalProps {
  show: boolean;
  /** Kept while the dialog fades out after closing. */
  group: TCartGroup | null;
  busy: boolean;
  /** The failure of the last attempt, shown in the dialog; null when none. */
  error: string | null;
  onDismissError: () => void;
  onCancel: () => void;
  onSave: (name: string) => void;
  onExited: () => void;
}

/**
 * 'Rename Group' (product-spec §2): 'New Name', Cancel and Save. Save proceeds only with a
 * non-empty trimmed name and sends it trimmed (§5). Focus starts in the field with the old name
 * selected and returns to the Rename button when the dialog closes.
 */
export function RenameGroupModal({ show, group, onExited, ...props }: RenameGroupModalProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Modal
      show={show && group !== null}
      onHide={props.onCancel}
      onExited={onExited}
      // The dialog takes focus first (and remembers the Rename button); then the field does.
      onEntered={() => {
        input.current?.focus();
        input.current?.select();
      }}
      aria-labelledby="rename-group-title"
    >
      {/* Remounted per group, so the field starts from that group's name. */}
      {group && <RenameForm key={group.id} group={group} input={input} {...props} />}
    </Modal>
  );
}

function RenameForm({
  group,
  input,
  busy,
  error,
  onDismissError,
  onCancel,
  onSave,
}: Omit<RenameGroupModalProps, 'show' | 'onExited'> & {
  group: TCartGroup;
  input: RefObject<HTMLInputElement | null>;
}) {
  const [value, setValue] = useState(group.name);
  const name = renamedName(value);
  const blank = value.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name !== null && !busy) onSave(name);
  };

  return (
    <Form noValidate onSubmit={submit}>
      <Modal.Header closeButton>
        <Modal.Title id="rename-group-title">Rename Group</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" dismissible onClose={onDismissError}>
            {error}
          </Alert>
        )}
        <Form.Group controlId="rename-group-name">
          <Form.Label>New Name</Form.Label>
          <Form.Control
            ref={input}
            type="text"
            value={value}
            maxLength={GROUP_NAME_MAX_LENGTH}
            autoComplete="off"
            onChange={(event) => setValue(event.target.value)}
            isInvalid={blank}
            aria-describedby="rename-group-help"
          />
          <Form.Control.Feedback type="invalid">
            The group name must not be empty.
          </Form.Control.Feedback>
          <Form.Text id="rename-group-help">
            Up to {GROUP_NAME_MAX_LENGTH} characters; spaces at either end are removed.
          </Form.Text>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={name === null || busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Save
        </Button>
      </Modal.Footer>
    </Form>
  );
}
