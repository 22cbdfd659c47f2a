import { formatLongUsDate, type TProjectDetail } from '@coral/core';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';
import { SortableHeader, useTableView, type RowView } from '@/components/table-view';
import { TableSection } from './table-section';

type Experiment = TProjectDetail['experiments'][number];

const EXPERIMENT_VIEW: RowView<Experiment, 'name' | 'date'> = {
  searchText: (e) => `${e.name} ${formatLongUsDate(e.date)}`,
  sortValues: { name: (e) => e.name, date: (e) => e.date },
};

export function ProjectExperiments({ experiments }: Pick<TProjectDetail, 'experiments'>) {
  const view = useTableView(experiments, EXPERIMENT_VIEW);
  return (
    <SectionCard flush id="experiments-title" title="Experiments" count={experiments.length}>
      <TableSection view={view} noun="experiments">
        <ScrollableTable label="Experiments table" striped size="sm" className="mb-0 align-middle">
          <thead>
            <tr>
              <SortableHeader view={view} sortKey="name">
                Experiment Name
              </SortableHeader>
              <SortableHeader view={view} sortKey="date">
                Experiment Date
              </SortableHeader>
            </tr>
          </thead>
          <tbody>
            {view.pageRows.map((experiment) => (
              <tr key={experiment.id}>
                <td className="table-name-cell">{experiment.name}</td>
                <td className="text-nowrap">{formatLongUsDate(experiment.date) || 'N/A'}</td>
              </tr>
            ))}
          </tbody>
        </ScrollableTable>
      </TableSection>
    </SectionCard>
  );
}
