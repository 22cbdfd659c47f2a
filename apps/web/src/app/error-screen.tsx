import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '@/components/page-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The generic error screen (product-spec §2, §8): any failure while loading or rendering a route.
 * It needs nothing from the server, so it also works when the app could not start.
 */
export function ErrorScreen() {
  const error = useRouteError();
  console.error('Unexpected application error', error);
  return (
    <Container className="py-5">
      <PageTitle title="Error" />
      <h1 className="h2 text-danger">Unexpected Application Error!</h1>
      <p className="text-body-secondary">Something went wrong while showing this page.</p>
      <pre className="bg-body-tertiary p-3 rounded small text-wrap" data-testid="error-detail">
        {describe(error)}
      </pre>
      <div className="d-flex gap-2">
        <a href="/" className="btn btn-primary">
          Go to Home
        </a>
        <Button variant="outline-secondary" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </Container>
  );
}

/** The error screen when the app itself failed (no navbar): it is the page's main content. */
export function RootErrorScreen() {
  return (
    <main>
      <ErrorScreen />
    </main>
  );
}
