import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/loading';
import { PageTitle } from '@/components/page-title';
import { useDatasets } from '../api/get-datasets';
import { DatasetListItem } from './dataset-list-item';

/** The search box; submitting puts the words in the address (`?q=…`) so a search can be shared. */
function DatasetSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Form role="search" onSubmit={submit} className="mb-4" aria-label="Search datasets">
      <InputGroup>
        <Form.Control
          type="search"
          aria-label="Search datasets"
          placeholder="Title, creator, keyword or species"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </InputGroup>
    </Form>
  );
}

/** /datasets: published datasets (and tombstones of withdrawn ones), searchable. */
export function DatasetsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const { data: datasets, error, isPending } = useDatasets(q);

  const search = (next: string) =>
    setSearchParams(next === '' ? {} : { q: next }, { replace: false });

  let content;
  if (isPending) {
    content = <Loading text="Loading datasets..." />;
  } else if (error) {
    content = (
      <Alert variant="danger">
        <h2 className="h5 alert-heading">Error Loading Datasets</h2>
        <p className="mb-0">{error.message}</p>
      </Alert>
    );
  } else if (datasets.length === 0) {
    content = (
      <div className="text-center py-5">
        <h2 className="h4">No Datasets Found</h2>
        <p className="text-body-secondary">
          {q === ''
            ? 'No datasets have been published yet.'
            : `No published dataset matches “${q}”.`}
        </p>
      </div>
    );
  } else {
    content = (
      <>
        <p className="text-body-secondary" role="status">
          {datasets.length} {datasets.length === 1 ? 'dataset' : 'datasets'}
          {q !== '' && ` matching “${q}”`}
        </p>
        <ListGroup as="ul" aria-label="Datasets">
          {datasets.map((dataset) => (
            <DatasetListItem key={dataset.id} dataset={dataset} />
          ))}
        </ListGroup>
      </>
    );
  }

  return (
    <Container className="py-4">
      <PageTitle title="Datasets" />
      <h1 className="mb-4">Datasets</h1>
      {/* Back and forward change `q`: the box starts afresh with it. */}
      <DatasetSearch key={q} q={q} onSearch={search} />
      {content}
    </Container>
  );
}
