import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS_BY_LEVEL, type TProjectDetail } from '@coral/core';
import { useMemo } from 'react';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';
import { SpeciesLink } from '@/components/entity-links';
import { formatMeanSd, summarizeProjectGroups } from '../utils/group-summary';

export const SUMMARY_NOTE =
  'Mean ± standard deviation over the colonies (°C; each colony’s value counted once). Values with quality flags are left out; n: colonies with a value.';

/** The project's colonies by species and condition (decision 0056): counts and mean EDs. */
export function ProjectSummary({ colonies }: Pick<TProjectDetail, 'colonies'>) {
  const groups = useMemo(() => summarizeProjectGroups(colonies), [colonies]);
  if (groups.length === 0) return null;
  return (
    <SectionCard flush id="summary-title" title="Summary by species and condition">
      <ScrollableTable label="Summary table" striped size="sm" className="mb-0 align-middle small">
        <thead>
          <tr>
            <th scope="col">Species</th>
            <th scope="col">Condition</th>
            <th scope="col">Timepoint</th>
            <th scope="col" className="text-end">
              Colonies
            </th>
            {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
              <th scope="col" key={kind} className="text-end">
                {THRESHOLD_KIND_INFO[kind].edLabel} (°C)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.key}>
              <td className="table-name-cell">
                <SpeciesLink species={group.species} />
              </td>
              <td>{group.condition ?? 'N/A'}</td>
              <td>{group.timepoint ?? 'N/A'}</td>
              <td className="text-end">{group.colonies}</td>
              {THRESHOLD_KINDS_BY_LEVEL.map((kind) => {
                const value = group.values[kind];
                return (
                  <td key={kind} className="text-end text-nowrap">
                    {formatMeanSd(value)}
                    {value && value.n !== group.colonies && (
                      <span className="text-body-secondary"> (n = {value.n})</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      <p className="small text-body-secondary px-3 py-2 mb-0">{SUMMARY_NOTE}</p>
    </SectionCard>
  );
}
