import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compareSortValues, matchesQuery, nextSort, viewRows, type RowView } from './table-view';
import { useTableView } from './use-table-view';

interface Row {
  name: string;
  temperature: number | null;
}
const rows: Row[] = [
  { name: 'colony_10', temperature: 34 },
  { name: 'colony_2', temperature: null },
  { name: 'Colony_1', temperature: 39 },
  { name: 'reef_3', temperature: 34 },
];
const view: RowView<Row, 'name' | 'temperature'> = {
  searchText: (row) => `${row.name} ${row.temperature ?? 'N/A'}`,
  sortValues: { name: (row) => row.name, temperature: (row) => row.temperature },
};
const names = (list: Row[]) => list.map((row) => row.name);

describe('table view', () => {
  it('sorts text naturally and numbers by value, empty values last either way', () => {
    expect(compareSortValues('colony_2', 'colony_10', 'ascending')).toBeLessThan(0);
    expect(compareSortValues(9, 10, 'descending')).toBeGreaterThan(0);
    expect(compareSortValues(null, 1, 'ascending')).toBe(1);
    expect(compareSortValues(null, 1, 'descending')).toBe(1);
    expect(compareSortValues('', 'a', 'descending')).toBe(1);
  });

  it('matches every word of the query, ignoring case', () => {
    expect(matchesQuery('Vatu-o-lalai Winter 28', 'winter vatu')).toBe(true);
    expect(matchesQuery('Vatu-o-lalai Winter 28', 'winter summer')).toBe(false);
    expect(matchesQuery('anything', '  ')).toBe(true);
  });

  it('toggles the direction of the sorted column, and starts a new column ascending', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort({ key: 'name', direction: 'ascending' }, 'name')).toEqual({
      key: 'name',
      direction: 'descending',
    });
    expect(nextSort({ key: 'name', direction: 'descending' }, 'temperature')).toEqual({
      key: 'temperature',
      direction: 'ascending',
    });
  });

  it('filters, then sorts stably', () => {
    expect(names(viewRows(rows, view, 'colony', null))).toEqual([
      'colony_10',
      'colony_2',
      'Colony_1',
    ]);
    expect(names(viewRows(rows, view, '', { key: 'name', direction: 'ascending' }))).toEqual([
      'Colony_1',
      'colony_2',
      'colony_10',
      'reef_3',
    ]);
    expect(
      names(viewRows(rows, view, '', { key: 'temperature', direction: 'descending' })),
    ).toEqual(['Colony_1', 'colony_10', 'reef_3', 'colony_2']);
    expect(rows[0]!.name).toBe('colony_10'); // the input is not reordered
  });

  it('pages 50 rows at a time; a new search or sort goes back to the first page', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      name: `colony_${i + 1}`,
      temperature: i,
    }));
    const { result } = renderHook(() => useTableView(many, view));
    expect(result.current.pageRows).toHaveLength(50);
    expect(result.current.pageCount).toBe(3);
    act(() => result.current.setPage(2));
    expect(result.current.pageRows.map((row) => row.name)[0]).toBe('colony_101');
    expect(result.current.pageRows).toHaveLength(20);
    act(() => result.current.setQuery('colony_11'));
    expect(result.current.page).toBe(0);
    expect(result.current.matched).toBe(11); // colony_11 and colony_110…119
    act(() => result.current.setPage(1));
    act(() => result.current.sortBy('temperature'));
    expect(result.current.page).toBe(0);
    act(() => result.current.sortBy('temperature'));
    expect(result.current.sort).toEqual({ key: 'temperature', direction: 'descending' });
    expect(result.current.pageRows[0]!.name).toBe('colony_119');
  });
});
