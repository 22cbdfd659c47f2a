import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { CLIENT_ROUTES } from '@coral/core';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { failureText, isApiError } from '@/lib/http';
import { useSpecies } from '../api/get-species';
import { SpeciesDetail } from './species-detail';

/** /species/{name}: loading, then the species, an error, or not found. */
export function SpeciesPage() {
  // The router hands the name decoded ("Porites cylindrica").
  const { speciesName = '' } = useParams();
  const { data: species, error, isPending } = useSpecies(speciesName);

  let content;
  if (isPending) {
    content = (
      <>
        <PageTitle title={speciesName} />
        <Loading text="Loading species..." />
      </>
    );
  } else if (isApiError(error, 404)) {
    content = (
      <div className="text-center py-5">
        <PageTitle title="Species Not Found" />
        <h1 className="h2">Species Not Found</h1>
        <p className="text-body-secondary">
          No public colony is of the species <em>{speciesName}</em>.
        </p>
        <Link to={CLIENT_ROUTES.map}>Browse the colony map</Link>
      </div>
    );
  } else if (error) {
    content = (
      <Alert variant="danger" className="my-4">
        <PageTitle title="Error Loading Species" />
        <h1 className="h4 alert-heading">Error Loading Species</h1>
        <p className="mb-0">{failureText(error)}</p>
      </Alert>
    );
  } else {
    content = (
      <>
        <PageTitle title={species.name} />
        <SpeciesDetail species={species} />
      </>
    );
  }

  return <Container className="py-4">{content}</Container>;
}
