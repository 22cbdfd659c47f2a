import { CLIENT_ROUTES } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { usePublicConfig } from '@/lib/public-config';

export function Hero() {
  const { links } = usePublicConfig();
  return (
    <section className="home-hero text-white py-5" aria-labelledby="home-title">
      <Container className="py-lg-4">
        <Badge bg="light" text="dark" pill className="mb-3 px-3 py-2">
          Open CBASS thermal-tolerance data
        </Badge>
        <h1 id="home-title" className="display-5 fw-bold">
          Coral Thermal Tolerance Research Platform
        </h1>
        <p className="lead col-lg-8 my-4">
          Explore standardized heat-stress assays of coral colonies worldwide: ED5, ED50 and ED95
          thresholds on an interactive map, with the projects and publications behind them, and
          tools to analyse and contribute your own data.
        </p>
        <div className="d-flex flex-wrap gap-2">
          <a href="#features" className="btn btn-light btn-lg">
            Explore Features
          </a>
          <ExternalLink href={links.accountRequestForm} className="btn btn-outline-light btn-lg">
            Request Account Access
          </ExternalLink>
          <Link to={CLIENT_ROUTES.map} className="btn btn-outline-light btn-lg">
            View Map
          </Link>
        </div>
      </Container>
    </section>
  );
}
