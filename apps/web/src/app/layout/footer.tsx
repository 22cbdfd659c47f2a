import { CLIENT_ROUTES, formatLongUsDate } from '@coral/core';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { API_DOCS_URL, useDataSummary } from '@/lib/data-summary';
import { usePublicConfig } from '@/lib/public-config';
import { licenceSummary } from './licence-summary';

/** What the public data are: their licences and data version (decision 0014). */
function DataFacts() {
  const summary = useDataSummary();
  if (summary.isPending) return null;
  if (summary.isError) {
    return <p className="mb-1">Data licences and version could not be loaded.</p>;
  }
  const { licences, data_version: version } = summary.data;
  return (
    <>
      <p className="mb-1">
        <Link to={CLIENT_ROUTES.datasets}>Data licences</Link>:{' '}
        {licences.length === 0 ? 'no public datasets yet' : licenceSummary(licences)}
      </p>
      <p className="mb-1">
        Data version {version.number}, last published{' '}
        <time dateTime={version.published_at}>{formatLongUsDate(version.published_at)}</time>
      </p>
    </>
  );
}

/**
 * The footer of every page: what the data are (licences, version), how to cite them, the API
 * documentation and the source code. Compact; its lines wrap on a phone.
 */
export function AppFooter() {
  const { links } = usePublicConfig();
  return (
    <footer className="app-footer border-top bg-body-tertiary py-3 small">
      <Container>
        <DataFacts />
        <ul className="list-inline mb-0">
          <li className="list-inline-item">
            <Link to={CLIENT_ROUTES.cite}>How to cite</Link>
          </li>
          <li className="list-inline-item">
            <a href={API_DOCS_URL}>API documentation</a>
          </li>
          <li className="list-inline-item">
            {links.sourceRepository ? (
              <ExternalLink href={links.sourceRepository}>Source code</ExternalLink>
            ) : (
              <span>Source code: no public repository configured</span>
            )}
          </li>
        </ul>
      </Container>
    </footer>
  );
}
