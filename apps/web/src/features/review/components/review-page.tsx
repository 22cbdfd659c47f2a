import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useState } from 'react';
import { Loading } from '@/components/loading';
import { LoginPrompt } from '@/components/login-prompt';
import { PageTitle } from '@/components/page-title';
import { isApiError } from '@/lib/http';
import { useReviewQueue } from '../api/review-queue';
import { failureText } from '@/lib/http';
import { ReviewItem, type ReviewNotice } from './review-item';

export const REVIEW_TITLE = 'Review queue';
export const CURATORS_ONLY = 'Only curators can review datasets.';
const LOADING = 'Loading the review queue...';

/**
 * /review (docs/decisions/0012-datasets.md, "Roles"): the versions waiting for a curator, oldest
 * first as the server sends them, each approved (published, or embargoed until its date) or sent
 * back with a message.
 */
export function ReviewPage() {
  const { auth, query } = useReviewQueue();
  const [notice, setNotice] = useState<ReviewNotice | null>(null);

  let content;
  if (auth.isLoading) {
    content = <Loading text={LOADING} />;
  } else if (!auth.isAuthenticated) {
    content = <LoginPrompt to="review datasets" />;
  } else if (query.isPending) {
    content = <Loading text={LOADING} />;
  } else if (query.isError) {
    content = isApiError(query.error, 403) ? (
      <Alert variant="warning">{CURATORS_ONLY}</Alert>
    ) : (
      <Alert variant="danger">
        <p>The review queue could not be loaded: {failureText(query.error)}</p>
        <Button variant="danger" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  } else if (query.data.length === 0) {
    content = <p className="py-4">Nothing is waiting for review.</p>;
  } else {
    content = query.data.map((item) => (
      <ReviewItem key={`${item.dataset_id}-${item.version}`} item={item} onNotice={setNotice} />
    ));
  }

  return (
    <Container className="py-4">
      <PageTitle title={REVIEW_TITLE} />
      <h1 className="mb-4">{REVIEW_TITLE}</h1>
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
