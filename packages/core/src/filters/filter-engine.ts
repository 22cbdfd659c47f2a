import { colonyWithoutFlagged } from '../thresholds/flagged-entries';
import type { ThresholdListsOfKinds } from '../thresholds/threshold-entries';
import type { DefaultRanges, RangeBounds } from './default-ranges';
import {
  ABSOLUTE_RANGE_KEYS,
  ADVANCED_ONLY_RANGE_KEYS,
  ALL_RANGE_KEYS,
  RANGE_SPEC_BY_KEY,
  type AnyRangeKey,
  type FilterRange,
  type FilterSet,
} from './filter-set';

/**
 * What the engine reads of a colony (the API's colony, contract/colonies.ts, has all of it): its
 * species, projects, collection years and every kind's threshold entries, read by key.
 */
export type FilterableColony = {
  species: string;
  projects: readonly string[];
  collection_years?: readonly number[];
} & ThresholdListsOfKinds;

/**
 * Two bounds closer than this are equal: slider values and dataset bounds are both stored to
 * 2 decimals, so only floating-point noise is below it.
 */
const SAME_BOUND = 1e-9;

const isBound = (value: unknown): value is number =>
  typeof value === 'number' && !Number.isNaN(value);

/**
 * Product-spec §5: a range filters only when both bounds are finite numbers and it differs from the
 * dataset default of its key. A range containing an infinity (or anything not a number) is no
 * filter, and so is the default range itself.
 */
export function isRangeActive(
  range: FilterRange | null | undefined,
  defaults: RangeBounds | undefined,
): range is FilterRange {
  if (!Array.isArray(range) || range.length !== 2) return false;
  const [min, max] = range as unknown[];
  if (!isBound(min) || !isBound(max) || !Number.isFinite(min) || !Number.isFinite(max)) {
    return false;
  }
  if (!defaults) return true;
  return Math.abs(min - defaults.min) > SAME_BOUND || Math.abs(max - defaults.max) > SAME_BOUND;
}

export function isRangeKeyActive(
  filters: FilterSet,
  key: AnyRangeKey,
  defaults: DefaultRanges,
): boolean {
  return isRangeActive(filters[key], defaults[RANGE_SPEC_BY_KEY[key].defaultKey]);
}

const nonBlank = (text: string | undefined): string | undefined =>
  typeof text === 'string' && text !== '' ? text : undefined;

function yearsOf(filters: FilterSet): number[] {
  const years: readonly number[] = Array.isArray(filters.years) ? filters.years : [];
  return [...new Set(years.filter((year) => Number.isInteger(year)))].sort((a, b) => a - b);
}

/**
 * The filter set reduced to what filters (product-spec §5), in canonical order: blank species and
 * project, empty years, a `hideFlagged` other than true and inactive ranges are dropped; years are sorted and distinct. Two
 * filter sets select the same colonies when their normal forms are equal.
 */
export function normalizeFilterSet(filters: FilterSet, defaults: DefaultRanges): FilterSet {
  const normal: Record<string, unknown> = {};
  const species = nonBlank(filters.species);
  const project = nonBlank(filters.project);
  const years = yearsOf(filters);
  if (species !== undefined) normal.species = species;
  if (project !== undefined) normal.project = project;
  if (years.length > 0) normal.years = years;
  if (filters.hideFlagged === true) normal.hideFlagged = true;
  for (const key of ALL_RANGE_KEYS) {
    const range = filters[key];
    if (isRangeKeyActive(filters, key, defaults)) normal[key] = [range![0], range![1]];
  }
  return normal;
}

/**
 * The ranges of a filter set held within the data's bounds (decision 0056): a range from an
 * address that reaches beyond the data (`absThermalTolerance=30,50` where ED50s span 32.1–44.1 °C)
 * is narrowed to them, which leaves the colonies it matches unchanged; one wholly beyond them
 * narrows to the bound it lies past. `clamped` names the ranges that changed, so that the map can
 * write the narrowed ranges back into its address. A range that is no filter is left alone.
 */
export function clampRangesToBounds(
  filters: FilterSet,
  defaults: DefaultRanges,
): { filters: FilterSet; clamped: AnyRangeKey[] } {
  const next: Record<string, unknown> = { ...filters };
  const clamped: AnyRangeKey[] = [];
  for (const key of ALL_RANGE_KEYS) {
    const range = filters[key];
    const bounds = defaults[RANGE_SPEC_BY_KEY[key].defaultKey];
    if (!isRangeActive(range, undefined) || !bounds) continue;
    const within = (value: number) => Math.min(bounds.max, Math.max(bounds.min, value));
    const low = within(Math.min(range[0], range[1]));
    const high = within(Math.max(range[0], range[1]));
    if (low === range[0] && high === range[1]) continue;
    next[key] = [low, high];
    clamped.push(key);
  }
  return { filters: next, clamped };
}

export function isEmptyFilterSet(filters: FilterSet): boolean {
  return Object.keys(filters).length === 0;
}

interface RangeCheck {
  listKey: (typeof RANGE_SPEC_BY_KEY)[AnyRangeKey]['listKey'];
  valueKey: string;
  min: number;
  max: number;
}

/**
 * The filter as a function from a colony to the colony as shown, or null when it does not pass
 * (product-spec §5), prepared once so that 100,000 colonies are tested quickly:
 * - with `hideFlagged`, the colony's untrustworthy entries are removed first (decision 0013), and
 *   a colony left with none of the entries it had does not pass; the checks below see only the
 *   remaining entries;
 * - the species must equal the colony's species;
 * - the project must be among the colony's projects;
 * - one of the colony's collection years must be among the years;
 * - for each active range, the colony must have entries of that kind with at least one non-null
 *   value inside [min, max], bounds included.
 * The colony shown is the input itself unless entries were removed (then a stripped copy).
 */
export function compileColonyView(
  filters: FilterSet,
  defaults: DefaultRanges,
): <C extends FilterableColony>(colony: C) => C | null {
  const normal = normalizeFilterSet(filters, defaults);
  const { species, project, hideFlagged } = normal;
  const years = normal.years ? new Set(normal.years) : null;
  const checks: RangeCheck[] = ALL_RANGE_KEYS.filter((key) => normal[key]).map((key) => {
    const { listKey, valueKey } = RANGE_SPEC_BY_KEY[key];
    const [min, max] = normal[key]!;
    return { listKey, valueKey, min, max };
  });
  return <C extends FilterableColony>(colony: C): C | null => {
    if (species !== undefined && colony.species !== species) return null;
    if (project !== undefined && !colony.projects.includes(project)) return null;
    if (years && !(colony.collection_years ?? []).some((year) => years.has(year))) return null;
    const shown = hideFlagged ? colonyWithoutFlagged(colony) : colony;
    if (shown === null) return null;
    for (const { listKey, valueKey, min, max } of checks) {
      // Any kind's entries, read by the range's value key.
      const entries: readonly object[] | undefined = shown[listKey];
      const passes = (entry: object) =>
        inRange((entry as Record<string, unknown>)[valueKey], min, max);
      if (!entries?.some(passes)) return null;
    }
    return shown;
  };
}

/** The filter as a predicate over colonies: whether `compileColonyView` shows the colony. */
export function compileColonyFilter(
  filters: FilterSet,
  defaults: DefaultRanges,
): (colony: FilterableColony) => boolean {
  const view = compileColonyView(filters, defaults);
  return (colony) => view(colony) !== null;
}

function inRange(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && value >= min && value <= max;
}

/**
 * The colonies that pass the filter set, in their original order, as shown: with `hideFlagged`,
 * without their untrustworthy entries (stripped copies; the input is never changed).
 */
export function filterColonies<C extends FilterableColony>(
  colonies: readonly C[],
  filters: FilterSet,
  defaults: DefaultRanges,
): C[] {
  if (isEmptyFilterSet(normalizeFilterSet(filters, defaults))) return [...colonies];
  const view = compileColonyView(filters, defaults);
  const shown: C[] = [];
  for (const colony of colonies) {
    const result = view(colony);
    if (result !== null) shown.push(result);
  }
  return shown;
}

/**
 * The badge next to 'Filters' (product-spec §5): species, project, years, and each of the three
 * absolute temperature ranges that differs from its default; plus "Hide flagged values", which
 * the spec predates but which changes which colonies show like any other filter (decision 0013);
 * at most 7.
 */
export function countActiveFilters(filters: FilterSet, defaults: DefaultRanges): number {
  let count = 0;
  if (nonBlank(filters.species) !== undefined) count++;
  if (nonBlank(filters.project) !== undefined) count++;
  if (yearsOf(filters).length > 0) count++;
  if (filters.hideFlagged === true) count++;
  for (const key of ABSOLUTE_RANGE_KEYS) if (isRangeKeyActive(filters, key, defaults)) count++;
  return count;
}

/** Whether a range the sidebar does not show is set: 'Advanced Filters' then shows 'Active'. */
export function hasActiveAdvancedRange(filters: FilterSet, defaults: DefaultRanges): boolean {
  return ADVANCED_ONLY_RANGE_KEYS.some((key) => isRangeKeyActive(filters, key, defaults));
}

/** Every active range key of the set (any of the fourteen), in canonical order. */
export function activeRangeKeys(filters: FilterSet, defaults: DefaultRanges): AnyRangeKey[] {
  return ALL_RANGE_KEYS.filter((key) => isRangeKeyActive(filters, key, defaults));
}
