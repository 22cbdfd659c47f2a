/**
 * Client-side search, sort and paging of a table's rows (decision 0004): pure functions,
 * used through `useTableView`. Long tables (a project's 500+ observations) are already in the
 * browser, so nothing here asks the server.
 */

export type SortDirection = 'ascending' | 'descending';
export type SortValue = string | number | null;

export interface TableSort<K extends string = string> {
  key: K;
  direction: SortDirection;
}

export const TABLE_PAGE_SIZE = 50;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Numbers by value, text in natural order ('colony_2' before 'colony_10'), empty values last
 * in both directions (so 'N/A' rows never crowd the top).
 */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const aEmpty = a === null || a === '';
  const bEmpty = b === null || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order =
    typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return direction === 'ascending' ? order : -order;
}

/** Every word of the query occurs in the text, ignoring case; an empty query matches all. */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = text.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** Clicking a column sorts by it ascending; clicking the sorted column again reverses it. */
export function nextSort<K extends string>(current: TableSort<K> | null, key: K): TableSort<K> {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: 'ascending' };
}

export interface RowView<Row, K extends string> {
  /** The text a search looks in, per row (what the row shows). */
  searchText: (row: Row) => string;
  /** How each sortable column sorts. */
  sortValues: Record<K, (row: Row) => SortValue>;
}

/** The rows matching `query`, in the order of `sort` (stable: ties keep their order). */
export function viewRows<Row, K extends string>(
  rows: readonly Row[],
  view: RowView<Row, K>,
  query: string,
  sort: TableSort<K> | null,
): Row[] {
  const matching = query.trim()
    ? rows.filter((row) => matchesQuery(view.searchText(row), query))
    : [...rows];
  if (!sort) return matching;
  const value = view.sortValues[sort.key];
  return matching
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => compareSortValues(a.key, b.key, sort.direction) || a.index - b.index)
    .map(({ row }) => row);
}
