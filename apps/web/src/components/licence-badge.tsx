import { LICENCE_NOT_STATED, LICENCES, type LicenceId } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import { ExternalLink } from './external-link';

/** "CC BY 4.0", …, or "Licence not stated" for data imported before licences existed (the seed). */
export function licenceLabel(licence: LicenceId | null): string {
  return licence === null ? LICENCE_NOT_STATED : LICENCES[licence].shortName;
}

/**
 * A dataset's licence as a badge (datasets list, dataset page, project page). With `withLink`,
 * the licence's deed follows it, so a reader can check what the licence allows.
 */
export function LicenceBadge({
  licence,
  withLink = false,
}: {
  licence: LicenceId | null;
  withLink?: boolean;
}) {
  const badge = (
    <Badge
      bg={licence === null ? 'secondary' : 'success'}
      className="fw-normal"
      title={licence === null ? undefined : LICENCES[licence].name}
    >
      {licenceLabel(licence)}
    </Badge>
  );
  if (!withLink || licence === null) return badge;
  return (
    <span className="d-inline-flex align-items-center gap-1">
      {badge}
      <ExternalLink
        href={LICENCES[licence].url}
        className="small"
        aria-label={`Licence deed: ${LICENCES[licence].name}`}
      >
        Licence deed
      </ExternalLink>
    </span>
  );
}
