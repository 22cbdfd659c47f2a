import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

interface DiscardModalProps {
  show: boolean;
  title: string;
  version: number;
  /** The dataset has no other version: it goes too. */
  onlyVersion: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onDiscard: () => void;
}

/** Discarding deletes the version's data: it asks first. */
export function DiscardModal(props: DiscardModalProps) {
  const { show, title, version, onlyVersion, busy, error, onCancel, onDiscard } = props;
  return (
    <Modal
      show={show}
      onHide={onCancel}
      aria-labelledby="discard-title"
      aria-describedby="discard-question"
    >
      <Modal.Header closeButton>
        <Modal.Title id="discard-title">Discard version {version}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <Alert variant="danger">{error}</Alert>}
        <p id="discard-question" className="mb-0">
          Discard version {version} of <strong className="text-break">{title}</strong> with its
          data?{' '}
          {onlyVersion
            ? 'It is the only version: the dataset is deleted with it.'
            : 'The other versions stay.'}{' '}
          This cannot be undone.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onDiscard} disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Discard
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
