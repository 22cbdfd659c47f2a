import type { TProjectDetail } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { SectionCard } from '@/components/section-card';
import { DoiLink } from './doi-link';

export function ProjectPublications({ publications }: Pick<TProjectDetail, 'publications'>) {
  return (
    <SectionCard flush id="publications-title" title="Publications" count={publications.length}>
      <ListGroup variant="flush">
        {publications.map((publication) => (
          <ListGroup.Item
            key={publication.id}
            className="d-flex flex-wrap gap-2 align-items-center"
          >
            <span className="me-auto text-break">{publication.title}</span>
            {publication.year !== null && (
              <Badge bg="info" text="dark">
                {publication.year}
              </Badge>
            )}
            <DoiLink doi={publication.doi} title={publication.title} />
          </ListGroup.Item>
        ))}
      </ListGroup>
    </SectionCard>
  );
}
