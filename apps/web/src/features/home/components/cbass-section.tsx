import { doiUrl } from '@coral/core';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { ExternalLink } from '@/components/external-link';

/** A reference badge: a short citation and the DOI it opens at doi.org. */
interface Reference {
  label: string;
  doi: string;
}

interface ToolCard {
  title: string;
  text: string[];
  references: Reference[];
}

/** Product-spec §1: the ED50 definition and the companion R package's minimum input. */
const CARDS: ToolCard[] = [
  {
    title: 'CBASS Heat-Stress Assays',
    text: [
      'The Coral Bleaching Automated Stress System (CBASS) exposes coral fragments to a short, standardized series of temperature profiles and measures their photosynthetic efficiency with PAM fluorometry.',
      'ED50 is the temperature at which 50% of the initial photosystem efficiency is lost. With ED5 (breakpoint temperature) and ED95 (thermal limit) it places colonies, species and reefs on one comparable thermal-tolerance scale.',
    ],
    references: [
      { label: 'Voolstra et al. 2020, Global Change Biology', doi: '10.1111/gcb.15148' },
      { label: 'Evensen et al. 2023, L&O Methods', doi: '10.1002/lom3.10555' },
    ],
  },
  {
    title: 'CBASSED50 R Package',
    text: [
      'A companion R package processes CBASS PAM data: it fits dose-response curves and reports ED5, ED50 and ED95 per colony, with summaries and plots.',
      'Minimum input: PAM data from 4 samples at 4 temperature profiles, for at least 2 colonies of 1 species from 1 site.',
    ],
    references: [
      // The package's Zenodo record (docs/ed-calculator.md) and drc's paper (Ritz et al. 2015).
      { label: 'CBASSED50 (R)', doi: '10.5281/zenodo.8370644' },
      { label: 'drc log-logistic model (LL.3)', doi: '10.1371/journal.pone.0146021' },
    ],
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
                  {card.references.map(({ label, doi }) => (
                    <ReferenceBadge key={doi} label={label} doi={doi} />
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

const BADGE = 'badge text-bg-secondary me-2 mb-1 fw-normal';

/** Each badge (product-spec §2 Home) opens its reference at doi.org; the title names the DOI. */
function ReferenceBadge({ label, doi }: Reference) {
  const href = doiUrl(doi);
  // The DOIs above are constants the home page test checks; a bad one shows as plain text.
  if (!href) return <span className={BADGE}>{label}</span>;
  return (
    <ExternalLink href={href} title={`doi:${doi}`} className={`${BADGE} text-decoration-none`}>
      {label}
    </ExternalLink>
  );
}
