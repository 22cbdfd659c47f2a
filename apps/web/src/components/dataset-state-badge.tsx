import { DATASET_STATES, type DatasetVersionState, type StateTone } from '@coral/core';
import Badge from 'react-bootstrap/Badge';

interface Look {
  bg: string;
  text?: 'dark';
}

/** The colours of each tone of core's state table; one palette across all pages. */
const TONES: Record<StateTone, Look> = {
  neutral: { bg: 'secondary' },
  info: { bg: 'info', text: 'dark' },
  success: { bg: 'success' },
  danger: { bg: 'danger' },
  warning: { bg: 'warning', text: 'dark' },
};

/** A withdrawn dataset is not a state of a version: it has its own look. */
const WITHDRAWN: Look & { label: string } = { bg: 'dark', label: 'Withdrawn' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A version's state; a withdrawn dataset shows that instead (its state no longer matters). */
export function DatasetStateBadge({
  state,
  withdrawn = false,
}: {
  state: DatasetVersionState;
  withdrawn?: boolean;
}) {
  const spec = DATASET_STATES[state];
  const look = withdrawn ? WITHDRAWN : { ...TONES[spec.tone], label: capitalised(spec.label) };
  return (
    <Badge bg={look.bg} text={look.text} data-state={withdrawn ? 'withdrawn' : state}>
      {look.label}
    </Badge>
  );
}

/** The marker of a withdrawn dataset (a tombstone): its data are gone from the platform. */
export function WithdrawnBadge() {
  return <DatasetStateBadge state="published" withdrawn />;
}
