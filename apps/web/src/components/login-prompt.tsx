import { CLIENT_ROUTES } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router';
import { loginRedirectState } from '@/lib/auth';

/**
 * Shown instead of a private page's content to a visitor who is not logged in ("Please log in to
 * see your uploads."); after logging in, the visitor comes back to this page.
 */
export function LoginPrompt({ to }: { to: string }) {
  const location = useLocation();
  return (
    <Alert variant="warning">
      Please log in to {to}.{' '}
      <Link to={CLIENT_ROUTES.login} state={loginRedirectState(location)} className="alert-link">
        Log in
      </Link>
    </Alert>
  );
}
