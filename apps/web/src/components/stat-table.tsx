import type { ReactNode } from 'react';
import { ScrollableTable } from '@/components/scrollable-table';

/** A value column of a statistics table. */
export interface StatColumn<Row> {
  header: ReactNode;
  /** Numbers stand right-aligned, in the header too. */
  numeric?: boolean;
  /** Further classes of the column's cells (not its header). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

/**
 * The one markup of the statistics tables (the analyses of decision 0061, the calculator's pooled
 * EDs and Tukey pairs): a small bordered table in a named, focusable scrolling region, each row
 * named by a row header, numbers right-aligned. Callers say only what their columns hold.
 */
export function StatTable<Row>({
  label,
  caption,
  className = 'small',
  rows,
  rowKey,
  rowHeader,
  columns,
  spanning,
}: {
  /** Names the scrolling region (and the table for assistive technology). */
  label: string;
  /** Seen above the table (the table's class then wants `caption-top`). */
  caption?: ReactNode;
  className?: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The first column: its header and each row's name. */
  rowHeader: { header: ReactNode; cell: (row: Row) => ReactNode };
  columns: readonly StatColumn<Row>[];
  /** For a row without values: what stands across all its value columns instead. */
  spanning?: (row: Row) => ReactNode | null;
}) {
  const cellClass = (column: StatColumn<Row>) =>
    [column.numeric ? 'text-end' : '', column.className ?? ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <ScrollableTable label={label} size="sm" bordered className={className}>
      {caption}
      <thead>
        <tr>
          <th scope="col">{rowHeader.header}</th>
          {columns.map((column, i) => (
            <th scope="col" className={column.numeric ? 'text-end' : undefined} key={i}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const across = spanning?.(row) ?? null;
          return (
            <tr key={rowKey(row)}>
              <th scope="row" className="fw-normal">
                {rowHeader.cell(row)}
              </th>
              {across !== null ? (
                <td colSpan={columns.length}>{across}</td>
              ) : (
                columns.map((column, i) => (
                  <td className={cellClass(column)} key={i}>
                    {column.cell(row)}
                  </td>
                ))
              )}
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}
