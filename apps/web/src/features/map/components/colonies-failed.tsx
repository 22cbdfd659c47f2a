import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

export const LOADING_COLONIES = 'Loading colonies...';
export const COLONIES_FAILED = 'The colonies could not be loaded.';

/** The map's error state: the colonies (or a marker's) could not be loaded; 'Try again'. */
export function ColoniesFailed({
  onRetry,
  className,
}: {
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert variant="danger" className={className}>
      <p>{COLONIES_FAILED}</p>
      <Button variant="outline-danger" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
