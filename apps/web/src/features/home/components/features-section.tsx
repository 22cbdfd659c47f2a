import { CLIENT_ROUTES } from '@coral/core';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { ed50CalculatorUrl, usePublicConfig } from '@/lib/public-config';

interface Feature {
  title: string;
  text: string;
  link: { label: string; to: string } | { label: string; href: string };
}

/** Product-spec §1: the four things the platform offers. */
function useFeatures(): Feature[] {
  const config = usePublicConfig();
  return [
    {
      title: 'Interactive Coral Map',
      text: 'Browse coral colonies worldwide and filter them by species, location and thermal tolerance.',
      link: { label: 'Open the map', to: CLIENT_ROUTES.map },
    },
    {
      title: 'ED50 Calculator',
      text: 'Compute ED5, ED50 and ED95 from raw CBASS PAM data for thermal-tolerance analysis and reports.',
      link: { label: 'Open the calculator', href: ed50CalculatorUrl(config) },
    },
    {
      title: 'Data Repository',
      text: 'Read coral research data by project, with publications, experiments, colonies and observations, and contribute your own.',
      link: { label: 'Browse projects', to: CLIENT_ROUTES.projects },
    },
    {
      title: 'CSV Data Upload',
      text: 'Upload your main data file and ED50 results as CSV, with AI-assisted quality checks before import.',
      link: { label: 'Upload data', to: CLIENT_ROUTES.upload },
    },
  ];
}

export function FeaturesSection() {
  const features = useFeatures();
  return (
    <section id="features" className="py-5 bg-body-tertiary" aria-labelledby="features-title">
      <Container>
        <h2 id="features-title" className="mb-4">
          Platform Features
        </h2>
        <Row xs={1} md={2} lg={4} className="g-4">
          {features.map(({ title, text, link }) => (
            <Col key={title}>
              <Card className="h-100 shadow-sm">
                <Card.Body className="d-flex flex-column">
                  <Card.Title as="h3" className="h5">
                    {title}
                  </Card.Title>
                  <Card.Text className="flex-grow-1">{text}</Card.Text>
                  {'to' in link ? (
                    <Link to={link.to}>{link.label}</Link>
                  ) : (
                    <ExternalLink href={link.href}>{link.label}</ExternalLink>
                  )}
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}
