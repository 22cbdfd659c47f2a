import type { TDatasetDetail } from '@coral/core';
import { SectionCard } from '@/components/section-card';

/**
 * The version's species names with WoRMS' answer (docs/decisions/0049-taxon-matching.md): a
 * synonym names its accepted name, a near match or a name not in WoRMS shows its flag (what was
 * written, what WoRMS suggests), a name WoRMS has not answered yet says so.
 */
export function DatasetSpeciesNames({ taxa }: { taxa: TDatasetDetail['taxa'] }) {
  if (taxa.length === 0) return null;
  return (
    <SectionCard id="dataset-species-names-title" title="Species names (WoRMS)">
      <ul className="list-unstyled mb-0">
        {taxa.map((taxon) => (
          <li key={taxon.name} className="mb-2">
            <em>{taxon.name}</em> ({taxon.colonies.toLocaleString('en-US')}{' '}
            {taxon.colonies === 1 ? 'colony' : 'colonies'}): {taxon.status_label}
            {taxon.status === 'synonym' && taxon.accepted_name && (
              <>
                {' '}
                of <em>{taxon.accepted_name}</em>, shown under it
              </>
            )}
            {taxon.flag && (
              <div className="small text-warning-emphasis" role="note">
                Flag: {taxon.flag.message}
              </div>
            )}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
