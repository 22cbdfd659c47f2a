import { CLIENT_ROUTES } from '@coral/core';
import Container from 'react-bootstrap/Container';
import { Link, useMatches } from 'react-router';
import { PageTitle } from '@/components/page-title';

/** Route handle naming a page that a later part of the project delivers. */
export interface ComingSoonHandle {
  title: string;
}

/**
 * Stand-in for the pages other issues build (map, cart, upload, uploads, ED50): the route exists
 * (the server answers it with 200 and the navbar links to it), the page says it is not ready.
 */
export function Component() {
  const handle = useMatches().at(-1)?.handle as ComingSoonHandle | undefined;
  const title = handle?.title ?? 'Coming Soon';
  return (
    <Container className="py-5 text-center">
      <PageTitle title={title} />
      <h1 className="h2">{title}</h1>
      <p className="text-body-secondary">This part of the platform is not available yet.</p>
      <Link to={CLIENT_ROUTES.home} className="btn btn-primary">
        Go to Home
      </Link>
    </Container>
  );
}
