import { CLIENT_ROUTES } from '@coral/core';
import Container from 'react-bootstrap/Container';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/page-title';

/** Any path that is no page of the app (the server answers those with status 404). */
export function Component() {
  const { pathname } = useLocation();
  return (
    <Container className="py-5 text-center">
      <PageTitle title="Page Not Found" />
      <p className="display-4 fw-bold text-body-secondary mb-0">404</p>
      <h1 className="h2">Page Not Found</h1>
      <p className="text-body-secondary">
        There is no page at <code className="text-break">{pathname}</code>.
      </p>
      <div className="d-flex justify-content-center gap-2">
        <Link to={CLIENT_ROUTES.home} className="btn btn-primary">
          Go to Home
        </Link>
        <Link to={CLIENT_ROUTES.projects} className="btn btn-outline-primary">
          Browse Projects
        </Link>
      </div>
    </Container>
  );
}
