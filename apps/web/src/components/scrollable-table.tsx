import type { ReactNode } from 'react';
import Table, { type TableProps } from 'react-bootstrap/Table';

/**
 * A table that scrolls sideways on narrow screens. The scrolling region is focusable and named,
 * so keyboard users can scroll it too (axe: scrollable-region-focusable).
 *
 * `position-relative` makes the region the containing block of absolutely positioned children
 * (the `visually-hidden` text of a quality-flag badge): without it they are placed against the
 * page, outside the scrolling region, and widen the whole page on a phone (decision 0018).
 */
export function ScrollableTable({
  label,
  children,
  ...tableProps
}: TableProps & { label: string; children: ReactNode }) {
  return (
    <div
      className="table-responsive position-relative"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <Table {...tableProps}>{children}</Table>
    </div>
  );
}
