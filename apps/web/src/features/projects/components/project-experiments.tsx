import { formatLongUsDate, type TProjectDetail } from '@coral/core';
import { ScrollableTable } from '@/components/scrollable-table';
import { SectionCard } from '@/components/section-card';

export function ProjectExperiments({ experiments }: Pick<TProjectDetail, 'experiments'>) {
  return (
    <SectionCard flush id="experiments-title" title="Experiments" count={experiments.length}>
      <ScrollableTable label="Experiments table" striped size="sm" className="mb-0 align-middle">
        <thead>
          <tr>
            <th scope="col">Experiment Name</th>
            <th scope="col">Experiment Date</th>
          </tr>
        </thead>
        <tbody>
          {experiments.map((experiment) => (
            <tr key={experiment.id}>
              <td>{experiment.name}</td>
              <td>{formatLongUsDate(experiment.date) || 'N/A'}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </SectionCard>
  );
}
