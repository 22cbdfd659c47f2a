import type { ReactNode } from 'react';
import Table, { type TableProps } from 'react-bootstrap/Table';

/**
 * A table that scrolls sideways on narrow screens. The scrolling region is focusable and named,
 * so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollableTable({
  label,
  children,
  ...tableProps
}: TableProps & { label: string; children: ReactNode }) {
  return (
    <div className="table-responsive" role="region" aria-label={label} tabIndex={0}>
      <Table {...tableProps}>{children}</Table>
    </div>
  );
}
