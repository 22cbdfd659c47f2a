import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { Pager } from '@/components/pager';
import type { TableView } from './use-table-view';

/**
 * A column header that sorts its table: a button inside the header cell, whose `aria-sort`
 * says the current order (WAI-ARIA sortable table pattern).
 */
export function SortableHeader<K extends string>({
  view,
  sortKey,
  wrap = false,
  children,
}: {
  view: Pick<TableView<K>, 'sort' | 'sortBy'>;
  sortKey: K;
  /** A long header may wrap (the project's threshold columns, decision 0056). */
  wrap?: boolean;
  children: ReactNode;
}) {
  const direction = view.sort?.key === sortKey ? view.sort.direction : undefined;
  const nowrap = wrap ? 'text-start' : 'text-nowrap';
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={nowrap}>
      <button
        type="button"
        className={`sort-button btn btn-link p-0 fw-semibold text-reset text-decoration-none ${nowrap}`}
        onClick={() => view.sortBy(sortKey)}
      >
        {children}
        <span aria-hidden="true" className="ms-1 text-body-secondary">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/** The search box above a table; `label` names it, e.g. 'Search observations'. */
export function TableSearch<K extends string>({
  view,
  label,
}: {
  view: Pick<TableView<K>, 'query' | 'setQuery'>;
  label: string;
}) {
  return (
    <Form.Control
      type="search"
      size="sm"
      aria-label={label}
      placeholder={`${label}…`}
      value={view.query}
      onChange={(event) => view.setQuery(event.target.value)}
      className="table-search"
    />
  );
}

/** 'Rows 51–100 of 556' (or 'No matching rows') and, when there is more than one page, the pager. */
export function TablePages<K extends string>({
  view,
  label,
}: {
  view: Pick<
    TableView<K>,
    'page' | 'pageCount' | 'setPage' | 'start' | 'end' | 'matched' | 'total'
  >;
  label: string;
}) {
  const of =
    view.matched === view.total
      ? `${view.total}`
      : `${view.matched} matching (${view.total} in all)`;
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span className="small text-body-secondary" role="status">
        {view.matched === 0 ? 'No matching rows' : `Rows ${view.start + 1}–${view.end} of ${of}`}
      </span>
      {view.pageCount > 1 && (
        <Pager
          page={view.page}
          pageCount={view.pageCount}
          onPageChange={view.setPage}
          label={label}
        />
      )}
    </div>
  );
}
