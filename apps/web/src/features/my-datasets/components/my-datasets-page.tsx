import { CLIENT_ROUTES } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '@/components/loading';
import { LoginPrompt } from '@/components/login-prompt';
import { PageTitle } from '@/components/page-title';
import { useMyDatasets } from '../api/get-my-datasets';
import { failureText } from '@/lib/http';
import { DatasetCard, type Notice } from './dataset-card';

export const MY_DATASETS_TITLE = 'My datasets';
const LOADING = 'Loading your datasets...';

/**
 * /my/datasets (docs/decisions/0012-datasets.md): the signed-in user's datasets in every state,
 * with what each still needs and the actions its state allows — describe, submit for review,
 * upload a new version, discard a draft, withdraw.
 */
export function MyDatasetsPage() {
  const { auth, query } = useMyDatasets();
  const [notice, setNotice] = useState<Notice | null>(null);

  let content;
  if (auth.isLoading) {
    content = <Loading text={LOADING} />;
  } else if (!auth.isAuthenticated) {
    content = <LoginPrompt to="see your datasets" />;
  } else if (query.isPending) {
    content = <Loading text={LOADING} />;
  } else if (query.isError) {
    content = (
      <Alert variant="danger">
        <p>Your datasets could not be loaded: {failureText(query.error)}</p>
        <Button variant="danger" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  } else if (query.data.length === 0) {
    content = (
      <div className="text-center py-5 px-3 border rounded">
        <h2 className="h4">You have no datasets yet</h2>
        <p>Each upload becomes a draft dataset that you describe here and submit for review.</p>
        <Link to={CLIENT_ROUTES.upload} className="btn btn-primary">
          Upload data
        </Link>
      </div>
    );
  } else {
    content = query.data.map((summary) => (
      <DatasetCard key={summary.id} summary={summary} onNotice={setNotice} />
    ));
  }

  return (
    <Container className="py-4">
      <PageTitle title={MY_DATASETS_TITLE} />
      <header className="mb-4">
        <h1>{MY_DATASETS_TITLE}</h1>
        <p className="lead mb-0">
          Describe your uploads, choose their licence and submit them for review; a curator
          publishes them.
        </p>
      </header>
      {notice && (
        <Alert
          variant={notice.variant}
          dismissible
          onClose={() => setNotice(null)}
          role={notice.variant === 'danger' ? 'alert' : 'status'}
        >
          {notice.text}
        </Alert>
      )}
      {content}
    </Container>
  );
}
