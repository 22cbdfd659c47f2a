import { useMemo, useState } from 'react';
import { pageBounds } from '@/components/pager';
import { nextSort, TABLE_PAGE_SIZE, viewRows, type RowView, type TableSort } from './table-view';

/**
 * Search, sort and paging state of one table. `view` should be a constant (defined outside the
 * component) so the rows are recomputed only when they, the query or the sort change. A new
 * search or sort goes back to the first page.
 */
export function useTableView<Row, K extends string>(
  rows: readonly Row[],
  view: RowView<Row, K>,
  pageSize = TABLE_PAGE_SIZE,
) {
  const [query, setQueryState] = useState('');
  const [sort, setSort] = useState<TableSort<K> | null>(null);
  const [requestedPage, setPage] = useState(0);
  const matching = useMemo(() => viewRows(rows, view, query, sort), [rows, view, query, sort]);
  const { page, pageCount, start, end } = pageBounds(matching.length, requestedPage, pageSize);
  return {
    pageRows: matching.slice(start, end),
    total: rows.length,
    matched: matching.length,
    start,
    end,
    page,
    pageCount,
    setPage,
    query,
    setQuery: (next: string) => {
      setQueryState(next);
      setPage(0);
    },
    sort,
    sortBy: (key: K) => {
      setSort((current) => nextSort(current, key));
      setPage(0);
    },
  };
}
export type TableView<K extends string> = ReturnType<typeof useTableView<unknown, K>>;
