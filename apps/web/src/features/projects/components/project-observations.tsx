import {
  formatLongUsDate,
  isImpossibleDate,
  type TObservation,
  type TProjectDetail,
} from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';
import { SortableHeader, useTableView, type RowView } from '@/components/table-view';
import { TableSection } from './table-section';

const orNA = (value: string | number | null) => (value === null || value === '' ? 'N/A' : value);

const relatedNames = (observation: TObservation) =>
  observation.related_projects.map((project) => project.name).join(', ');

/** Timepoints are minutes, stored as text: numeric ones sort by value. */
const timepointValue = (timepoint: string | null) =>
  timepoint !== null && timepoint.trim() !== '' && Number.isFinite(Number(timepoint))
    ? Number(timepoint)
    : timepoint;

const OBSERVATION_VIEW: RowView<
  TObservation,
  | 'biosample'
  | 'date'
  | 'experiment'
  | 'condition'
  | 'temperature'
  | 'timepoint'
  | 'pam'
  | 'related'
> = {
  searchText: (o) =>
    [
      o.biosample.name,
      formatLongUsDate(o.biosample.collection_date),
      o.experiment.name,
      o.condition,
      o.temperature,
      o.timepoint,
      o.pam_value,
      relatedNames(o),
    ].join(' '),
  sortValues: {
    biosample: (o) => o.biosample.name,
    date: (o) => o.biosample.collection_date,
    experiment: (o) => o.experiment.name,
    condition: (o) => o.condition,
    temperature: (o) => o.temperature,
    timepoint: (o) => timepointValue(o.timepoint),
    pam: (o) => o.pam_value,
    related: relatedNames,
  },
};

function ObservationRow({ observation }: { observation: TObservation }) {
  const related = relatedNames(observation);
  return (
    <tr>
      <td className="table-name-cell">{observation.biosample.name}</td>
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
      <td className="table-name-cell">{observation.experiment.name}</td>
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

/** Temperatures in °C and timepoints in minutes: the units are in the headers. */
export function ProjectObservations({ observations }: Pick<TProjectDetail, 'observations'>) {
  const view = useTableView(observations, OBSERVATION_VIEW);
  return (
    <SectionCard flush id="observations-title" title="Observations" count={observations.length}>
      <TableSection view={view} noun="observations">
        <ScrollableTable
          label="Observations table"
          striped
          size="sm"
          className="mb-0 align-middle small"
        >
          <thead>
            <tr>
              <SortableHeader view={view} sortKey="biosample">
                BioSample Name
              </SortableHeader>
              <SortableHeader view={view} sortKey="date">
                Collection Date
              </SortableHeader>
              <SortableHeader view={view} sortKey="experiment">
                Experiment
              </SortableHeader>
              <SortableHeader view={view} sortKey="condition">
                Condition
              </SortableHeader>
              <SortableHeader view={view} sortKey="temperature">
                Temperature (°C)
              </SortableHeader>
              <SortableHeader view={view} sortKey="timepoint">
                Timepoint (min)
              </SortableHeader>
              <SortableHeader view={view} sortKey="pam">
                PAM Value
              </SortableHeader>
              <SortableHeader view={view} sortKey="related">
                Related Projects
              </SortableHeader>
            </tr>
          </thead>
          <tbody>
            {view.pageRows.map((observation) => (
              <ObservationRow key={observation.id} observation={observation} />
            ))}
          </tbody>
        </ScrollableTable>
      </TableSection>
    </SectionCard>
  );
}
