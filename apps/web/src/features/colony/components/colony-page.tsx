import { CLIENT_ROUTES, countryName, formatCoordinates, type TColonyPage } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { ColonySpecies } from '@/components/entity-links';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/http';
import { useColony } from '../api/get-colony';
import { ColonyDoseResponse } from './colony-dose-response';
import { ColonyLocationMap } from './colony-location-map';
import { ColonyCitation, ColonySources } from './colony-sources';
import { ColonyThresholds } from './colony-thresholds';

export const COLONY_NOT_FOUND = 'Colony Not Found';

function BackToMap() {
  return (
    <Link to={CLIENT_ROUTES.map} className="btn btn-outline-primary">
      Browse the map
    </Link>
  );
}

function ColonyDetail({ colony }: { colony: TColonyPage }) {
  return (
    <>
      <PageTitle title={colony.name} />
      <header className="mb-4">
        <p className="text-body-secondary mb-1">Colony {colony.id}</p>
        <h1 className="h2 text-break">{colony.name}</h1>
        <dl className="colony-facts d-flex flex-wrap column-gap-4 row-gap-1 mb-0">
          <div>
            <dt className="d-inline me-1">Species:</dt>
            <dd className="d-inline mb-0">
              <ColonySpecies species={colony.species} verbatimSpecies={colony.verbatim_species} />
            </dd>
          </div>
          <div>
            <dt className="d-inline me-1">Country:</dt>
            <dd className="d-inline mb-0">{countryName(colony.country)}</dd>
          </div>
          <div>
            <dt className="d-inline me-1">Coordinates:</dt>
            <dd className="d-inline mb-0">
              {formatCoordinates(colony.latitude, colony.longitude)}
            </dd>
          </div>
        </dl>
      </header>
      <ColonyThresholds colony={colony} />
      <ColonyDoseResponse colony={colony} />
      <Row>
        <Col lg={6}>
          <ColonySources colony={colony} />
        </Col>
        <Col lg={6}>
          <section className="mb-4" aria-labelledby="colony-location-title">
            <h2 id="colony-location-title" className="h5">
              Location
            </h2>
            <ColonyLocationMap colony={colony} />
          </section>
        </Col>
      </Row>
      <ColonyCitation colony={colony} />
    </>
  );
}

/**
 * /colony/{colonyId} (decision 0019): loading, then the colony; a colony that is not
 * public, or no colony at all, shows 'Colony Not Found' (the API answers 404 for both, and 400
 * for an id that cannot name one).
 */
export function ColonyPage() {
  const { colonyId = '' } = useParams();
  const { data: colony, error, isPending } = useColony(colonyId);

  let content;
  if (isPending) {
    content = (
      <>
        <PageTitle title="Colony" />
        <Loading text="Loading colony..." />
      </>
    );
  } else if (isApiError(error, 404) || isApiError(error, 400)) {
    content = (
      <div className="text-center py-5">
        <PageTitle title={COLONY_NOT_FOUND} />
        <h1 className="h2">{COLONY_NOT_FOUND}</h1>
        <p className="text-body-secondary">
          There is no published colony with the id <code className="text-break">{colonyId}</code>.
          Colonies of datasets in preparation, under embargo or withdrawn have no public page.
        </p>
        <BackToMap />
      </div>
    );
  } else if (error) {
    content = (
      <Alert variant="danger" className="my-4">
        <PageTitle title="Error Loading Colony" />
        <h1 className="h4 alert-heading">Error Loading Colony</h1>
        <p className="mb-0">{error.message}</p>
      </Alert>
    );
  } else {
    content = <ColonyDetail colony={colony} />;
  }
  return <Container className="py-4">{content}</Container>;
}
