import type { DatasetVersionState } from '@coral/core';
import Badge from 'react-bootstrap/Badge';

/** How each state reads, and the colour that tells them apart; one palette across all pages. */
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
  const shown = withdrawn ? 'withdrawn' : state;
  const look = LOOK[shown];
  return (
    <Badge bg={look.bg} text={look.text} data-state={shown}>
      {look.label}
    </Badge>
  );
}

/** The marker of a withdrawn dataset (a tombstone): its data are gone from the platform. */
export function WithdrawnBadge() {
  return <DatasetStateBadge state="published" withdrawn />;
}
