import { countryName, type CART_GROUP_NAME_MAX_LENGTH } from '@coral/core';

/**
 * The research cart page's own rules (product-spec §2 Research Cart, §4 Group selection, §5
 * rename), kept free of React so they are tested on their own.
 */

/** What search, sort and selection need of a group (TCartGroup has these and more). */
export interface CartGroupFacts {
  id: number;
  name: string;
  species: string;
  country: string;
  colony_count: number;
  created_at: string;
}

// ---------------------------------------------------------------- sort

export type CartSortKey = 'name' | 'colony_count' | 'created_at';
export type SortDirection = 'asc' | 'desc';

export interface CartSort {
  key: CartSortKey;
  direction: SortDirection;
}

/** Product-spec §9: the cart starts sorted by creation date, newest first. */
export const DEFAULT_CART_SORT: CartSort = { key: 'created_at', direction: 'desc' };

/** The sort menu, in the spec's order. */
export const CART_SORT_OPTIONS: readonly { key: CartSortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'colony_count', label: 'Colony Count' },
  { key: 'created_at', label: 'Date Created' },
];

export function sortLabel(key: CartSortKey): string {
  return CART_SORT_OPTIONS.find((option) => option.key === key)?.label ?? key;
}

/** Choosing the active key flips the direction; a new key starts ascending (product-spec §2). */
export function nextSort(current: CartSort, key: CartSortKey): CartSort {
  if (current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: 'asc' };
}

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function timeOf(iso: string): number {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
}

const COMPARE: Record<CartSortKey, (a: CartGroupFacts, b: CartGroupFacts) => number> = {
  // Case- and accent-insensitive, numbers in natural order ("Group 9" before "Group 10").
  name: (a, b) => nameCollator.compare(a.name, b.name),
  colony_count: (a, b) => a.colony_count - b.colony_count,
  created_at: (a, b) => timeOf(a.created_at) - timeOf(b.created_at),
};

/**
 * The groups in the chosen order; a new array. Ties keep a fixed order (by creation, then id,
 * in the same direction), so equal rows never swap places between renders.
 */
export function sortGroups<T extends CartGroupFacts>(groups: readonly T[], sort: CartSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const primary = COMPARE[sort.key];
  return [...groups].sort(
    (a, b) => sign * primary(a, b) || sign * COMPARE.created_at(a, b) || sign * (a.id - b.id),
  );
}

// ---------------------------------------------------------------- search

/**
 * Search (product-spec §2): a case-insensitive substring of the group's name, species or country.
 * The countries are ISO codes ("FJI, USA"); their English names match too ("fiji").
 */
export function matchesSearch(group: CartGroupFacts, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  const countryNames = group.country
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '')
    .map(countryName);
  return [group.name, group.species, group.country, ...countryNames].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}

export function searchGroups<T extends CartGroupFacts>(groups: readonly T[], query: string): T[] {
  return groups.filter((group) => matchesSearch(group, query));
}

// ---------------------------------------------------------------- selection

/**
 * The selection the user has made, or null before they touched it. Product-spec §4: when groups
 * exist and none is selected yet, all are selected; so null means "every group" (groups that arrive
 * later, too), and the first change makes it an explicit set.
 */
export type SelectionState = ReadonlySet<number> | null;

/** The selected ids among the groups that exist now (deleted groups drop out). */
export function selectedIds(
  selection: SelectionState,
  groups: readonly CartGroupFacts[],
): Set<number> {
  if (selection === null) return new Set(groups.map((group) => group.id));
  return new Set(groups.filter((group) => selection.has(group.id)).map((group) => group.id));
}

export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export type SelectAllState = 'all' | 'some' | 'none';

/** The select-all checkbox shows the visible groups: checked, mixed or clear. */
export function selectAllState(
  selected: ReadonlySet<number>,
  visibleIds: readonly number[],
): SelectAllState {
  const count = visibleIds.filter((id) => selected.has(id)).length;
  if (visibleIds.length > 0 && count === visibleIds.length) return 'all';
  return count === 0 ? 'none' : 'some';
}

/**
 * Select-all toggles the visible groups (product-spec §4): when all of them are selected it clears
 * them, otherwise it selects them all. Groups hidden by the search keep their state.
 */
export function toggleVisible(
  selected: ReadonlySet<number>,
  visibleIds: readonly number[],
): Set<number> {
  const next = new Set(selected);
  if (selectAllState(selected, visibleIds) === 'all') {
    for (const id of visibleIds) next.delete(id);
  } else {
    for (const id of visibleIds) next.add(id);
  }
  return next;
}

/**
 * The groups Export Selected exports: selected and shown by the search, in the shown order.
 * A selected group the search hides stays selected (decision 0009): it is neither counted nor exported
 * while hidden, and counts again once the search shows it. A scientist who narrows the list and
 * exports expects to get what is on screen, and clearing the search should not lose the choices
 * made before it. Select-all agrees: it toggles only the shown groups.
 */
export function shownSelectedIds(
  selected: ReadonlySet<number>,
  visibleIds: readonly number[],
): number[] {
  return visibleIds.filter((id) => selected.has(id));
}

/**
 * 'N of M groups selected' (product-spec §2), over the groups the search shows: N is what Export
 * Selected exports, M what select-all acts on.
 */
export function selectionCounter(selectedCount: number, groupCount: number): string {
  return `${selectedCount} of ${groupCount} groups selected`;
}

/** The note beside the counter while the search hides groups; null when it hides none. */
export function hiddenGroupsNote(hiddenCount: number): string | null {
  if (hiddenCount <= 0) return null;
  return `${hiddenCount} more ${hiddenCount === 1 ? 'group' : 'groups'} hidden by the search`;
}

// ---------------------------------------------------------------- rename

/** The contract's limit, restated so the bundle carries no zod (decision 0004). */
export const GROUP_NAME_MAX_LENGTH: typeof CART_GROUP_NAME_MAX_LENGTH = 200;

/**
 * Product-spec §5: a rename proceeds only with a non-empty trimmed name, and sends it trimmed. Also
 * refuses what the server would (longer than 200 characters, NUL). Returns the name to send,
 * or null.
 */
export function renamedName(input: string): string | null {
  const name = input.trim();
  if (name === '' || name.length > GROUP_NAME_MAX_LENGTH || name.includes('\u0000')) return null;
  return name;
}
