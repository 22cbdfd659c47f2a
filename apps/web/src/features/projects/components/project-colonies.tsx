import {
  entriesOfKind,
  formatCoordinates,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS_BY_LEVEL,
  type TProjectDetail,
} from '@coral/core';
import { thresholdParts } from '../utils/threshold-summary';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';
import { ThresholdCell } from './threshold-cell';

/**
 * Product-spec §2: the threshold columns run ED5, ED50, ED95 (by level), unlike the API's order.
 */
export function ProjectColonies({ colonies }: Pick<TProjectDetail, 'colonies'>) {
  return (
    <SectionCard flush id="colonies-title" title="Colonies" count={colonies.length}>
      <ScrollableTable label="Colonies table" striped size="sm" className="mb-0 align-middle small">
        <thead>
          <tr>
            <th scope="col">Colony Name</th>
            <th scope="col">Species</th>
            <th scope="col">Country</th>
            <th scope="col">Coordinates</th>
            {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
              <th scope="col" key={kind}>
                {THRESHOLD_KIND_INFO[kind].label} {THRESHOLD_KIND_INFO[kind].edLabel}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {colonies.map((colony) => (
            <tr key={colony.id}>
              <td className="text-break">{colony.name}</td>
              <td className="fst-italic">{colony.species}</td>
              <td>{colony.country}</td>
              <td className="text-nowrap">
                {formatCoordinates(colony.latitude, colony.longitude)}
              </td>
              {THRESHOLD_KINDS_BY_LEVEL.map((kind) => (
                <ThresholdCell key={kind} parts={thresholdParts(entriesOfKind(colony, kind))} />
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </SectionCard>
  );
}
