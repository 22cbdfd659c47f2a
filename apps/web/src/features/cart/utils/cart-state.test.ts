import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CART_SORT,
  hiddenGroupsNote,
  matchesSearch,
  nextSort,
  renamedName,
  searchGroups,
  selectAllState,
  selectedIds,
  selectionCounter,
  shownSelectedIds,
  sortGroups,
  toggleOne,
  toggleVisible,
  type CartGroupFacts,
  type CartSort,
} from './cart-state';

const group = (overrides: Partial<CartGroupFacts> & { id: number }): CartGroupFacts => ({
  name: `Group ${overrides.id}`,
  species: 'Porites cylindrica',
  country: 'FJI',
  colony_count: 1,
  created_at: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

const groups = [
  group({ id: 1, name: 'reef b', colony_count: 20, created_at: '2026-11-20T09:00:00.000Z' }),
  group({ id: 2, name: 'Reef a', colony_count: 682, created_at: '2026-11-21T09:00:00.000Z' }),
  group({ id: 3, name: 'Group 10', colony_count: 5, created_at: '2026-11-19T09:00:00.000Z' }),
  group({ id: 4, name: 'Group 9', colony_count: 20, created_at: '2026-11-22T09:00:00.000Z' }),
];
const ids = (list: readonly CartGroupFacts[]) => list.map((g) => g.id);

describe('sorting', () => {
  it('starts with the newest group first (created_at descending)', () => {
    expect(DEFAULT_CART_SORT).toEqual({ key: 'created_at', direction: 'desc' });
    expect(ids(sortGroups(groups, DEFAULT_CART_SORT))).toEqual([4, 2, 1, 3]);
  });

  it('toggles the direction when the active key is chosen again', () => {
    expect(nextSort(DEFAULT_CART_SORT, 'created_at')).toEqual({
      key: 'created_at',
      direction: 'asc',
    });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
  });

  it('starts ascending on a new key, whatever the old direction', () => {
    expect(nextSort(DEFAULT_CART_SORT, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'colony_count')).toEqual({
      key: 'colony_count',
      direction: 'asc',
    });
  });

  it('sorts names case-insensitively with numbers in natural order', () => {
    const byName: CartSort = { key: 'name', direction: 'asc' };
    expect(ids(sortGroups(groups, byName))).toEqual([4, 3, 2, 1]);
    expect(ids(sortGroups(groups, { key: 'name', direction: 'desc' }))).toEqual([1, 2, 3, 4]);
  });

  it('sorts by colony count, breaking ties by creation in the same direction', () => {
    expect(ids(sortGroups(groups, { key: 'colony_count', direction: 'asc' }))).toEqual([
      3, 1, 4, 2,
    ]);
    expect(ids(sortGroups(groups, { key: 'colony_count', direction: 'desc' }))).toEqual([
      2, 4, 1, 3,
    ]);
  });

  it('breaks complete ties by id and leaves the input alone', () => {
    const twins = [group({ id: 8 }), group({ id: 7 })];
    expect(ids(sortGroups(twins, { key: 'name', direction: 'asc' }))).toEqual([7, 8]);
    expect(ids(twins)).toEqual([8, 7]);
  });
});

describe('search', () => {
  const cart = [
    group({ id: 1, name: 'Fiji Porites', species: 'Porites cylindrica', country: 'FJI' }),
    group({
      id: 2,
      name: 'All Colonies',
      species: 'Acropora hyacinthus, Pocillopora verrucosa',
      country: 'ARE, AUS, USA',
    }),
  ];

  it.each([
    ['', [1, 2]],
    ['   ', [1, 2]],
    ['fiji porites', [1]],
    ['ALL', [2]],
    ['pocillopora', [2]],
    ['porites', [1]],
    ['fji', [1]],
    ['aus', [2]],
    ['  australia ', [2]],
    ['united states', [2]],
    ['fiji', [1]],
    ['Orbicella', []],
  ])('%j matches groups %j', (query, expected) => {
    expect(ids(searchGroups(cart, query))).toEqual(expected);
  });

  it('treats the query as text, not a pattern', () => {
    expect(matchesSearch(group({ id: 9, name: 'Heat (2024) [A+]' }), '(2024) [a+')).toBe(true);
    expect(matchesSearch(group({ id: 9, name: 'abc' }), '.*')).toBe(false);
  });
});

describe('selection', () => {
  it('selects every group until the user changes the selection', () => {
    expect([...selectedIds(null, groups)]).toEqual([1, 2, 3, 4]);
    expect(selectionCounter(selectedIds(null, groups).size, groups.length)).toBe(
      '4 of 4 groups selected',
    );
  });

  it('keeps an explicit selection, even an empty one, and drops deleted groups', () => {
    expect(selectedIds(new Set(), groups).size).toBe(0);
    expect([...selectedIds(new Set([2, 99]), groups)]).toEqual([2]);
  });

  it('toggles one group', () => {
    expect([...toggleOne(new Set([1, 2]), 2)]).toEqual([1]);
    expect([...toggleOne(new Set([1]), 3)]).toEqual([1, 3]);
  });

  it('shows the visible groups in the select-all checkbox', () => {
    expect(selectAllState(new Set([1, 2]), [1, 2])).toBe('all');
    expect(selectAllState(new Set([1]), [1, 2])).toBe('some');
    expect(selectAllState(new Set([3]), [1, 2])).toBe('none');
    expect(selectAllState(new Set(), [])).toBe('none');
  });

  it('select-all clears the visible groups when all are selected, else selects them', () => {
    // All selected: clicking clears only the visible ones; hidden group 3 stays selected.
    expect([...toggleVisible(new Set([1, 2, 3]), [1, 2])]).toEqual([3]);
    // Some or none selected: clicking selects the visible ones.
    expect([...toggleVisible(new Set([1]), [1, 2])].sort()).toEqual([1, 2]);
    expect([...toggleVisible(new Set([3]), [1, 2])].sort()).toEqual([1, 2, 3]);
  });

  it("counts 'N of M groups selected'", () => {
    expect(selectionCounter(0, 2)).toBe('0 of 2 groups selected');
    expect(selectionCounter(1, 1)).toBe('1 of 1 groups selected');
  });

  it('counts and exports only the selected groups the search shows, in the shown order', () => {
    expect(shownSelectedIds(new Set([1, 2, 3]), [3, 1])).toEqual([3, 1]);
    expect(shownSelectedIds(new Set([2]), [3, 1])).toEqual([]);
    expect(hiddenGroupsNote(0)).toBeNull();
    expect(hiddenGroupsNote(1)).toBe('1 more group hidden by the search');
    expect(hiddenGroupsNote(2)).toBe('2 more groups hidden by the search');
  });
});

describe('rename rule', () => {
  it.each([
    ['  New name  ', 'New name'],
    ['Fiji | Porites cylindrica', 'Fiji | Porites cylindrica'],
    ['', null],
    ['   \t ', null],
    ['x'.repeat(200), 'x'.repeat(200)],
    [` ${'x'.repeat(200)} `, 'x'.repeat(200)],
    ['x'.repeat(201), null],
    ['a\u0000b', null],
  ])('%j → %j', (input, sent) => {
    expect(renamedName(input)).toBe(sent);
  });
});
