import { formatCoordinates, type TProjectDetail } from '@coral/core';
import { thresholdParts } from '../utils/threshold-summary';
import { ScrollableTable } from '@/components/scrollable-table';
import { DetailSection } from './detail-section';
import { ThresholdCell } from './threshold-cell';

export function ProjectColonies({ colonies }: Pick<TProjectDetail, 'colonies'>) {
  return (
    <DetailSection id="colonies-title" title="Colonies" count={colonies.length}>
      <ScrollableTable label="Colonies table" striped size="sm" className="mb-0 align-middle small">
        <thead>
          <tr>
            <th scope="col">Colony Name</th>
            <th scope="col">Species</th>
            <th scope="col">Country</th>
            <th scope="col">Coordinates</th>
            <th scope="col">Breakpoint Temperature ED5</th>
            <th scope="col">Thermal Tolerance ED50</th>
            <th scope="col">Thermal Limit ED95</th>
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
              <ThresholdCell
                parts={thresholdParts(
                  colony.breakpoint_temperatures,
                  (e) => e.abs_breakpoint_temperature,
                )}
              />
              <ThresholdCell
                parts={thresholdParts(colony.thermal_tolerances, (e) => e.abs_thermal_tolerance)}
              />
              <ThresholdCell
                parts={thresholdParts(colony.thermal_limits, (e) => e.abs_thermal_limit)}
              />
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </DetailSection>
  );
}
