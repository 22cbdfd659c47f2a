import { CLIENT_ROUTES } from '@coral/core';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation } from 'react-router';
import { loginRedirectState } from '@/lib/auth';

/** A link to the login page that brings the visitor back to this page (address and query). */
export function LoginLink({ children, className }: { children: ReactNode; className?: string }) {
  const location = useLocation();
  return (
    <Link to={CLIENT_ROUTES.login} state={loginRedirectState(location)} className={className}>
      {children}
    </Link>
  );
}

/**
 * Shown instead of a private page's content to a visitor who is not logged in ("Please log in to
 * see your uploads."); after logging in, the visitor comes back to this page.
 */
export function LoginPrompt({ to }: { to: string }) {
  return (
    <Alert variant="warning">
      Please log in to {to}. <LoginLink className="alert-link">Log in</LoginLink>
    </Alert>
  );
}
