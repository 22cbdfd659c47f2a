import type { DatasetVersionState } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import { VERSION_STATE_LABELS } from '../utils/dataset-labels';

export function VersionStateBadge({ state }: { state: DatasetVersionState }) {
  const { label, bg } = VERSION_STATE_LABELS[state];
  return (
    <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}>
      {label}
    </Badge>
  );
}

/** The marker of a withdrawn dataset (a tombstone): its data are gone from the platform. */
export function WithdrawnBadge() {
  return <Badge bg="danger">Withdrawn</Badge>;
}
