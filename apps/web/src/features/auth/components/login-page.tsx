import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import {
  isOrcidSignInErrorCode,
  ORCID_ERROR_QUERY_KEY,
  ORCID_SIGN_IN_ERRORS,
  orcidStartPath,
} from '@coral/core';
import Container from 'react-bootstrap/Container';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { PageTitle } from '@/components/page-title';
import { loginRedirectTarget, useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/public-config';
import { loginErrorMessage, useLogin } from '../api/login';
import { LoginForm } from './login-form';

/** Product-spec §9: the success message stays this long before the redirect. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

/** Why the ORCID sign-in or link the server sent the browser back from did not happen. */
export function orcidErrorMessage(search: string): string | null {
  const code = new URLSearchParams(search).get(ORCID_ERROR_QUERY_KEY);
  if (code === null) return null;
  return isOrcidSignInErrorCode(code)
    ? ORCID_SIGN_IN_ERRORS[code]
    : 'The ORCID sign-in did not work. Nothing was changed; please try again.';
}

/**
 * /login (product-spec §2): after success, back to the page originally requested, or /. With
 * ORCID configured, also "Sign in with ORCID" (decision 0029), and the reason an ORCID sign-in or
 * link was refused when the server sends the browser back here.
 */
export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { links, orcidSignIn } = usePublicConfig();
  const orcidError = orcidErrorMessage(location.search);
  const login = useLogin();
  const target = loginRedirectTarget(location.state);

  useEffect(() => {
    if (!login.isSuccess) return;
    const timer = setTimeout(() => {
      void navigate(target, { replace: true });
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [login.isSuccess, navigate, target]);

  // An already authenticated visitor is sent on at once (not after this page's own login),
  // unless a link of their ORCID iD was refused: they read why first.
  if (auth.isAuthenticated && login.isIdle && !orcidError) {
    return <Navigate to={target} replace />;
  }

  return (
    <Container className="py-5">
      <PageTitle title="Login" />
      <Card className="mx-auto shadow-sm login-card">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">Login</h1>
          {orcidError && (
            <Alert variant="danger" role="alert">
              {orcidError}
            </Alert>
          )}
          <LoginForm
            isSubmitting={login.isPending}
            isSuccess={login.isSuccess}
            error={login.isError ? loginErrorMessage(login.error) : null}
            onSubmit={(credentials) => login.mutate(credentials)}
            onClearError={() => login.reset()}
          />
          {orcidSignIn && !auth.isAuthenticated && (
            <div className="mt-3 text-center">
              <p className="text-body-secondary small mb-2">or</p>
              {/* A full-page navigation: ORCID's login is its own page. */}
              <a className="btn btn-outline-success w-100" href={orcidStartPath('sign-in')}>
                Sign in with ORCID
              </a>
            </div>
          )}
          <p className="mt-4 mb-0 text-center small">
            Don&apos;t have an account?{' '}
            <ExternalLink href={links.accountRequestForm}>Request access</ExternalLink>
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}
