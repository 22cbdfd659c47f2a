import { CLIENT_ROUTES } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router';
import { loginRedirectState } from '@/lib/auth';

/** Shown instead of the user's uploads to a visitor who is not logged in; login comes back here. */
export function UploadsLoginPrompt() {
  const location = useLocation();
  return (
    <Alert variant="warning">
      Please log in to see your uploads.{' '}
      <Link to={CLIENT_ROUTES.login} state={loginRedirectState(location)} className="alert-link">
        Log in
      </Link>
    </Alert>
  );
}
