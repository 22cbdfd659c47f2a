import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
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

/** /login (product-spec §2): after success, back to the page originally requested, or /. */
export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { links } = usePublicConfig();
  const login = useLogin();
  const target = loginRedirectTarget(location.state);

  useEffect(() => {
    if (!login.isSuccess) return;
    const timer = setTimeout(() => {
      void navigate(target, { replace: true });
    }, LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [login.isSuccess, navigate, target]);

  // An already authenticated visitor is sent on at once (not after this page's own login).
  if (auth.isAuthenticated && login.isIdle) return <Navigate to={target} replace />;

  return (
    <Container className="py-5">
      <PageTitle title="Login" />
      <Card className="mx-auto shadow-sm login-card">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">Login</h1>
          <LoginForm
            isSubmitting={login.isPending}
            isSuccess={login.isSuccess}
            error={login.isError ? loginErrorMessage(login.error) : null}
            onSubmit={(credentials) => login.mutate(credentials)}
            onClearError={() => login.reset()}
          />
          <p className="mt-4 mb-0 text-center small">
            Don&apos;t have an account?{' '}
            <ExternalLink href={links.accountRequestForm}>Request access</ExternalLink>
          </p>
        </Card.Body>
      </Card>
    </Container>
  );
}
