import { snapshotPath, type TCreateSnapshot } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { failureText } from '@/lib/http';
import { LoginLink } from '../login-prompt';
import { useCreateSnapshot } from './create-snapshot';

export const SNAPSHOT_LOGIN = 'Log in to create a citable snapshot';

/**
 * "Create citable snapshot" (decision 0015): freezes what the request names and opens the snapshot's
 * page. A refusal shows the server's own words (nothing public to freeze, a bad filter, too many
 * snapshots); a visitor who is not logged in gets a login link that returns here.
 */
export function CreateSnapshotButton({
  request,
  size,
}: {
  request: TCreateSnapshot;
  size?: 'sm' | 'lg';
}) {
  const { isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  const mutation = useCreateSnapshot();
  if (isLoading) return null;
  if (!isAuthenticated) {
    return <LoginLink className={size === 'sm' ? 'small' : undefined}>{SNAPSHOT_LOGIN}</LoginLink>;
  }
  const create = () =>
    mutation.mutate(request, {
      onSuccess: (created) => void navigate(snapshotPath(created.id)),
    });
  return (
    <div className="d-inline-flex flex-column gap-2 mw-100">
      <Button
        variant="outline-secondary"
        size={size}
        onClick={create}
        disabled={mutation.isPending}
      >
        {mutation.isPending ? 'Creating snapshot...' : 'Create citable snapshot'}
      </Button>
      {mutation.error && (
        <Alert variant="danger" className="mb-0 py-2 small" dismissible onClose={mutation.reset}>
          {failureText(mutation.error)}
        </Alert>
      )}
    </div>
  );
}
