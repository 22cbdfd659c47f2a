import { LICENCE_NOT_STATED, LICENCES, type LicenceId } from '@coral/core';
import { LicenceBadge } from '@/components/licence-badge';
import { SectionCard } from '@/components/section-card';

/**
 * The licences of the data in the snapshot, most restrictive first (the server's order): using
 * the snapshot means keeping the terms of each.
 */
export function SnapshotLicences({ licences }: { licences: readonly (LicenceId | null)[] }) {
  return (
    <SectionCard id="snapshot-licences-title" title="Licences" count={licences.length}>
      <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
        {licences.map((licence) => (
          <li key={licence ?? 'not-stated'}>
            <LicenceBadge licence={licence} withLink />
            <div className="small mt-1">
              {licence === null ? (
                <>
                  {LICENCE_NOT_STATED}: data imported before licences were recorded; ask its authors
                  before reuse beyond citation.
                </>
              ) : (
                <>
                  <span className="fw-semibold">{LICENCES[licence].name}.</span>{' '}
                  {LICENCES[licence].plain}
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
