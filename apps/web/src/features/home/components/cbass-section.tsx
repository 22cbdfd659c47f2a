import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';

interface ToolCard {
  title: string;
  text: string[];
  references: string[];
}

/** Product-spec §1: the ED50 definition and the companion R package's minimum input. */
const CARDS: ToolCard[] = [
  {
    title: 'CBASS Heat-Stress Assays',
    text: [
      'The Coral Bleaching Automated Stress System (CBASS) exposes coral fragments to a short, standardized series of temperature profiles and measures their photosynthetic efficiency with PAM fluorometry.',
      'ED50 is the temperature at which 50% of the initial photosystem efficiency is lost. With ED5 (breakpoint temperature) and ED95 (thermal limit) it places colonies, species and reefs on one comparable thermal-tolerance scale.',
    ],
    references: ['Voolstra et al. 2020, Global Change Biology', 'Evensen et al. 2023, L&O Methods'],
  },
  {
    title: 'CBASSED50 R Package',
    text: [
      'A companion R package processes CBASS PAM data: it fits dose-response curves and reports ED5, ED50 and ED95 per colony, with summaries and plots.',
      'Minimum input: PAM data from 4 samples at 4 temperature profiles, for at least 2 colonies of 1 species from 1 site.',
    ],
    references: ['CBASSED50 (R)', 'drc log-logistic model (LL.3)'],
  },
];

export function CbassSection() {
  return (
    <section className="py-5" aria-labelledby="cbass-title">
      <Container>
        <h2 id="cbass-title" className="mb-2">
          CBASS Research Tools
        </h2>
        <p className="text-body-secondary mb-4">
          Thermal tolerance measured the same way everywhere, so results can be compared.
        </p>
        <Row xs={1} md={2} className="g-4">
          {CARDS.map((card) => (
            <Col key={card.title}>
              <Card className="h-100 shadow-sm">
                <Card.Body>
                  <Card.Title as="h3" className="h5">
                    {card.title}
                  </Card.Title>
                  {card.text.map((paragraph) => (
                    <Card.Text key={paragraph}>{paragraph}</Card.Text>
                  ))}
                </Card.Body>
                <Card.Footer className="bg-transparent border-0 pt-0 pb-3">
                  <span className="visually-hidden">References: </span>
                  {card.references.map((reference) => (
                    <Badge key={reference} bg="secondary" className="me-2 mb-1 fw-normal">
                      {reference}
                    </Badge>
                  ))}
                </Card.Footer>
              </Card>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}
