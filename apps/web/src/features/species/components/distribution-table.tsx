import { formatValue } from '@coral/core';
import { ScrollableTable } from '@/components/scrollable-table';
import type { PlotRow } from './distribution-plot';

/** The numbers behind a distribution plot, one row per group (°C, 2 decimals). */
export function DistributionTable({
  label,
  groupHeading,
  rows,
  colonyCounts,
}: {
  label: string;
  groupHeading: string;
  rows: readonly PlotRow[];
  colonyCounts: ReadonlyMap<string, number>;
}) {
  return (
    <ScrollableTable label={label} size="sm" className="small mb-0">
      <thead>
        <tr>
          <th scope="col">{groupHeading}</th>
          <th scope="col" className="text-end">
            Colonies
          </th>
          <th scope="col" className="text-end">
            n
          </th>
          <th scope="col" className="text-end">
            Median
          </th>
          <th scope="col" className="text-end">
            Q1–Q3
          </th>
          <th scope="col" className="text-end">
            Mean ± SD
          </th>
          <th scope="col" className="text-end">
            Min–Max
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, label: rowLabel, distribution: d }) => (
          <tr key={key}>
            <th scope="row" className="fw-normal text-nowrap">
              {rowLabel}
            </th>
            <td className="text-end">{colonyCounts.get(key) ?? 0}</td>
            <td className="text-end">{d?.n ?? 0}</td>
            {d ? (
              <>
                <td className="text-end">{formatValue(d.median)}</td>
                <td className="text-end text-nowrap">
                  {formatValue(d.q1)}–{formatValue(d.q3)}
                </td>
                <td className="text-end text-nowrap">
                  {formatValue(d.mean)}
                  {d.sd !== null && ` ± ${formatValue(d.sd)}`}
                </td>
                <td className="text-end text-nowrap">
                  {formatValue(d.min)}–{formatValue(d.max)}
                </td>
              </>
            ) : (
              <td colSpan={4} className="text-body-secondary">
                No value
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
