import type { ReactNode } from 'react';
import { TablePages, TableSearch, type TableView } from '@/components/table-view';

/**
 * The search box above a project table and its row count and pager below (decision 0017).
 * `noun` names the rows: 'colonies' gives 'Search colonies' and 'Pages of colonies'.
 */
export function TableSection<K extends string>({
  view,
  noun,
  children,
}: {
  view: TableView<K>;
  noun: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="p-2 border-bottom">
        <TableSearch view={view} label={`Search ${noun}`} />
      </div>
      {children}
      <div className="p-2 border-top">
        <TablePages view={view} label={`Pages of ${noun}`} />
      </div>
    </>
  );
}
