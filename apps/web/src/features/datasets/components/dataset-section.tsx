import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** A titled card of the dataset page, labelled by its heading (a landmark region). */
export function DatasetSection({
  id,
  title,
  flush = false,
  children,
}: {
  id: string;
  title: string;
  /** Tables and lists run to the card's edges. */
  flush?: boolean;
  children: ReactNode;
}) {
  return (
    <Card as="section" className="mb-4 shadow-sm" aria-labelledby={id}>
      <Card.Header className="bg-body-tertiary">
        <h2 id={id} className="h5 mb-0">
          {title}
        </h2>
      </Card.Header>
      <Card.Body className={flush ? 'p-0' : undefined}>{children}</Card.Body>
    </Card>
  );
}
