import {
  CLIENT_ROUTES,
  entriesOfKind,
  formatCelsius,
  qualityFlagDescription,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type TColonyPage,
  type TEdProvenance,
} from '@coral/core';
import { Link } from 'react-router';
import { qualityFlagPath } from '@/components/quality-flag-badge';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';

const assayOf = (condition: string | null, timepoint: string | null) =>
  [condition ?? 'no condition', timepoint === null ? null : `timepoint ${timepoint}`]
    .filter(Boolean)
    .join(', ');

/** Each flag of an entry with what it means, linked to its full explanation (decision 0013). */
function FlagExplanations({ flags }: { flags: readonly string[] }) {
  if (flags.length === 0) return <span className="text-body-secondary">none</span>;
  return (
    <ul className="list-unstyled mb-0">
      {flags.map((code) => {
        const description = qualityFlagDescription(code);
        return (
          <li key={code}>
            <Link to={qualityFlagPath(code)}>{description?.title ?? code}</Link>
            {description && <span className="small d-block">{description.meaning}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Every threshold of the colony, kind by kind from the registry (ED50, ED5, ED95), each with its
 * assay, absolute and relative value, how it was computed and its quality flags in plain words.
 */
export function ColonyThresholds({ colony }: { colony: TColonyPage }) {
  // How each value was computed (decision 0032), by kind and id: every list's entries carry it.
  const provenance = new Map<string, TEdProvenance>();
  for (const kind of THRESHOLD_KINDS) {
    const list: readonly { id: number; provenance: TEdProvenance }[] =
      colony[THRESHOLD_KIND_INFO[kind].listKey];
    for (const entry of list) provenance.set(`${kind}-${entry.id}`, entry.provenance);
  }
  const count = THRESHOLD_KINDS.reduce((sum, kind) => sum + entriesOfKind(colony, kind).length, 0);
  return (
    <SectionCard id="colony-thresholds-title" title="Thermal thresholds" count={count} flush>
      <ScrollableTable
        label="Thermal thresholds of this colony"
        className="mb-0 align-top"
        size="sm"
      >
        <thead>
          <tr>
            <th scope="col">Threshold</th>
            <th scope="col">Assay</th>
            <th scope="col">Absolute</th>
            <th scope="col">Relative to MMM</th>
            <th scope="col">MMM</th>
            <th scope="col">How computed</th>
            <th scope="col">
              <Link to={CLIENT_ROUTES.quality_flags}>Quality flags</Link>
            </th>
          </tr>
        </thead>
        <tbody>
          {THRESHOLD_KINDS.flatMap((kind) => {
            const info = THRESHOLD_KIND_INFO[kind];
            const entries = entriesOfKind(colony, kind);
            const name = (
              <th scope="row" title={info.meaning}>
                {info.edLabel} <span className="fw-normal">({info.label})</span>
              </th>
            );
            if (entries.length === 0) {
              return [
                <tr key={kind}>
                  {name}
                  <td colSpan={6} className="text-body-secondary">
                    No data available
                  </td>
                </tr>,
              ];
            }
            return entries.map((entry) => (
              <tr key={`${kind}-${entry.id}`} data-testid={`threshold-${kind}`}>
                {name}
                <td>{assayOf(entry.condition, entry.timepoint)}</td>
                <td>{formatCelsius(entry.abs)}</td>
                <td>{formatCelsius(entry.rel)}</td>
                <td>{formatCelsius(entry.sst_clim_mmm)}</td>
                <td data-testid="threshold-provenance">
                  {provenance.get(`${kind}-${entry.id}`)?.label}
                </td>
                <td>
                  <FlagExplanations flags={entry.quality_flags} />
                </td>
              </tr>
            ));
          })}
        </tbody>
      </ScrollableTable>
      <p className="small text-body-secondary px-3 py-2 mb-0">
        Relative values are above the colony's MMM (maximum monthly mean sea-surface temperature).
      </p>
    </SectionCard>
  );
}
