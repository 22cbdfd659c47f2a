import { CLIENT_ROUTES } from '@coral/core';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { usePublicConfig } from '@/lib/public-config';

export function ContributeSection() {
  const { links } = usePublicConfig();
  return (
    <section id="contribute" className="py-5" aria-labelledby="contribute-title">
      <Container className="text-center">
        <h2 id="contribute-title">Contribute</h2>
        <p className="col-lg-8 mx-auto my-3">
          The platform is open source, and researchers with an account can upload their CBASS
          datasets. Accounts are granted on request; for questions, write to{' '}
          <a href={`mailto:${links.contactEmail}`}>{links.contactEmail}</a>.
        </p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {links.sourceRepository && (
            <ExternalLink href={links.sourceRepository} className="btn btn-dark">
              Source code
            </ExternalLink>
          )}
          <Link to={CLIENT_ROUTES.upload} className="btn btn-primary">
            Upload Data
          </Link>
        </div>
      </Container>
    </section>
  );
}
