import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';

/**
 * A titled card of a detail page (project, dataset), labelled by its heading so that it is a
 * landmark region; an optional count badge follows the heading.
 */
export function SectionCard({
  id,
  title,
  count,
  flush = false,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  /** Tables and lists run to the card's edges. */
  flush?: boolean;
  children: ReactNode;
}) {
  return (
    <Card as="section" className="mb-4 shadow-sm" aria-labelledby={id}>
      <Card.Header className="d-flex align-items-center gap-2 bg-body-tertiary">
        <h2 id={id} className="h5 mb-0">
          {title}
        </h2>
        {count !== undefined && (
          <Badge bg="secondary" pill>
            {count}
          </Badge>
        )}
      </Card.Header>
      <Card.Body className={flush ? 'p-0' : undefined}>{children}</Card.Body>
    </Card>
  );
}
