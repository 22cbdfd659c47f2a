import type { UploadStatus } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';

const LOOK: Record<UploadStatus, { bg: string; text?: 'dark'; label: string }> = {
  queued: { bg: 'secondary', label: 'Queued' },
  processing: { bg: 'info', text: 'dark', label: 'Processing' },
  done: { bg: 'success', label: 'Done' },
  failed: { bg: 'danger', label: 'Failed' },
  discarded: { bg: 'light', text: 'dark', label: 'Discarded' },
};

export function UploadStatusBadge({ status }: { status: UploadStatus }) {
  const look = LOOK[status];
  return (
    <Badge bg={look.bg} text={look.text} data-status={status}>
      {(status === 'queued' || status === 'processing') && (
        <Spinner
          animation="border"
          size="sm"
          className="me-1 upload-status-spinner"
          aria-hidden="true"
        />
      )}
      {look.label}
    </Badge>
  );
}
