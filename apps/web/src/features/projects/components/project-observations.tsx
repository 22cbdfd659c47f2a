import {
  formatLongUsDate,
  isImpossibleDate,
  type TObservation,
  type TProjectDetail,
} from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';

const orNA = (value: string | number | null) => (value === null || value === '' ? 'N/A' : value);

function ObservationRow({ observation }: { observation: TObservation }) {
  const related = observation.related_projects.map((project) => project.name).join(', ');
  return (
    <tr>
      <td className="text-break">{observation.biosample.name}</td>
      <td className="text-nowrap">
        {formatLongUsDate(observation.biosample.collection_date) || 'N/A'}
        {isImpossibleDate(observation.biosample.collection_date) && (
          <Badge
            bg="warning"
            text="dark"
            className="ms-1"
            title="This date is after today: kept as recorded, not offered as a year filter."
          >
            impossible date
          </Badge>
        )}
      </td>
      <td>{observation.experiment.name}</td>
      <td>{orNA(observation.condition)}</td>
      <td className="text-nowrap">
        {observation.temperature === null ? 'N/A' : `${observation.temperature}°C`}
      </td>
      <td>{orNA(observation.timepoint)}</td>
      <td>{orNA(observation.pam_value)}</td>
      <td>{related || 'None'}</td>
    </tr>
  );
}

export function ProjectObservations({ observations }: Pick<TProjectDetail, 'observations'>) {
  return (
    <SectionCard flush id="observations-title" title="Observations" count={observations.length}>
      <ScrollableTable
        label="Observations table"
        striped
        size="sm"
        className="mb-0 align-middle small"
      >
        <thead>
          <tr>
            <th scope="col">BioSample Name</th>
            <th scope="col">Collection Date</th>
            <th scope="col">Experiment</th>
            <th scope="col">Condition</th>
            <th scope="col">Temperature</th>
            <th scope="col">Timepoint</th>
            <th scope="col">PAM Value</th>
            <th scope="col">Related Projects</th>
          </tr>
        </thead>
        <tbody>
          {observations.map((observation) => (
            <ObservationRow key={observation.id} observation={observation} />
          ))}
        </tbody>
      </ScrollableTable>
    </SectionCard>
  );
}
