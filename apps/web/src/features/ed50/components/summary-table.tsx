import type { EdStatistic } from '@coral/core/ed50';
import { ScrollableTable } from '@/components/scrollable-table';
import type { CalculatorResult } from '../worker/protocol';
import { ED_KINDS } from '../utils/ed-display';

const STATISTICS = [
  { key: 'n', label: 'n', title: 'Colonies with a value' },
  { key: 'mean', label: 'Mean', title: 'Mean (°C)' },
  { key: 'sd', label: 'SD', title: 'Standard deviation (°C)' },
  { key: 'se', label: 'SE', title: 'Standard error (°C)' },
  { key: 'confInt', label: '95 % CI', title: 'Half-width of the 95 % confidence interval (°C)' },
] as const;

function statisticText(statistic: EdStatistic, key: (typeof STATISTICS)[number]['key']): string {
  const value = statistic[key];
  if (value === null) return 'N/A';
  return key === 'n' ? String(value) : value.toFixed(2);
}

/**
 * CBASSED50's summary table: per group, mean / SD / SE / 95 % CI of the rounded colony values,
 * in the order of its summary file (sorted by the grouping columns).
 */
export function SummaryTable({ result }: { result: CalculatorResult }) {
  const { computation, summaryOrder } = result;
  const groups = summaryOrder.map((index) => computation.groups[index]!);
  return (
    <>
      <h3 className="h5 mt-4" id="ed50-summary-heading">
        Summary by group
      </h3>
      <p className="small text-body-secondary">
        From the rounded colony values, as CBASSED50 computes it; 95 % CI is the half-width
        (Student’s t). N/A: fewer than two colonies with a value.
      </p>
      <ScrollableTable
        label="Summary by group"
        size="sm"
        bordered
        className="ed50-summary-table small"
      >
        <thead>
          <tr>
            {computation.grouping.map((column) => (
              <th scope="col" rowSpan={2} key={column}>
                {column}
              </th>
            ))}
            {ED_KINDS.map((kind) => (
              <th
                scope="colgroup"
                colSpan={STATISTICS.length}
                key={kind.kind}
                className="text-center"
              >
                {kind.edLabel}
              </th>
            ))}
          </tr>
          <tr>
            {ED_KINDS.flatMap((kind) =>
              STATISTICS.map((statistic) => (
                <th scope="col" key={`${kind.kind}-${statistic.key}`} className="text-end">
                  <abbr title={statistic.title}>{statistic.label}</abbr>
                  <span className="visually-hidden"> {kind.edLabel}</span>
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={`${group.groupingProperty}-${JSON.stringify(group.groupValues)}`}>
              {computation.grouping.map((column, i) =>
                i === 0 ? (
                  <th scope="row" key={column} className="fw-normal">
                    {group.groupValues[column]}
                  </th>
                ) : (
                  <td key={column}>{group.groupValues[column]}</td>
                ),
              )}
              {ED_KINDS.flatMap((kind) =>
                STATISTICS.map((statistic) => (
                  <td key={`${kind.kind}-${statistic.key}`} className="text-end">
                    {statisticText(group.summary[kind.kind], statistic.key)}
                  </td>
                )),
              )}
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </>
  );
}
