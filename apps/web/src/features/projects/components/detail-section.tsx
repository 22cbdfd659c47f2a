import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';

/** A titled card of the project detail page, with an optional count badge. */
export function DetailSection({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number;
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
      <Card.Body className="p-0">{children}</Card.Body>
    </Card>
  );
}
