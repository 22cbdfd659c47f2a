import type { DatasetVersionState } from '@coral/core';
import Badge from 'react-bootstrap/Badge';

const LOOK: Record<
  DatasetVersionState | 'withdrawn',
  { bg: string; text?: 'dark'; label: string }
> = {
  draft: { bg: 'secondary', label: 'Draft' },
  in_review: { bg: 'info', text: 'dark', label: 'In review' },
  published: { bg: 'success', label: 'Published' },
  rejected: { bg: 'danger', label: 'Rejected' },
  embargoed: { bg: 'warning', text: 'dark', label: 'Embargoed' },
  withdrawn: { bg: 'dark', label: 'Withdrawn' },
};

/** A version's state; a withdrawn dataset shows that instead (its state no longer matters). */
export function DatasetStateBadge({
  state,
  withdrawn = false,
}: {
  state: DatasetVersionState;
  withdrawn?: boolean;
}) {
  const look = LOOK[withdrawn ? 'withdrawn' : state];
  return (
    <Badge bg={look.bg} text={look.text} data-state={withdrawn ? 'withdrawn' : state}>
      {look.label}
    </Badge>
  );
}
