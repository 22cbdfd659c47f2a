import {
  ALL_RANGE_KEYS,
  isRangeKey,
  type AnyRangeKey,
  type FilterRange,
  type FilterSet,
} from './filter-set';

/**
 * The filter set as URL query parameters: the map's address (bookmarks, sharing, back and
 * forward) and the query of GET /api/public/colonies/ use the same format.
 *
 * - `species=Porites%20lobata`, `project=GlobalSearch_GBR`
 * - `years=2022,2023` (collection years, comma-separated)
 * - `hideFlagged=true` (decision 0013; any other value is refused, leave it out to show all)
 * - one parameter per range, `absThermalTolerance=33.5,40` (min,max in °C)
 */
export const FILTER_QUERY_KEYS: readonly string[] = [
  'species',
  'project',
  'years',
  'hideFlagged',
  ...ALL_RANGE_KEYS,
];

/** The one value of `hideFlagged`: the parameter is left out to show flagged values. */
export const HIDE_FLAGGED_VALUE = 'true';

/** A decimal number, or ±Infinity (a range with an infinity is accepted and filters nothing). */
export const NUMBER_PATTERN = '[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?Infinity';
export const RANGE_PATTERN = new RegExp(`^(?:${NUMBER_PATTERN}),(?:${NUMBER_PATTERN})$`);
export const YEARS_PATTERN = /^\d{1,4}(?:,\d{1,4})*$/;

/** Shortest text that reads back as the same number (33.5, 32.11, -Infinity). */
const formatNumber = (value: number) => String(value);

/**
 * Query parameters of a filter set, in canonical order (species, project, years, hideFlagged,
 * then the ranges in RANGE_SPECS order), skipping blank species and project and empty years. Does not
 * drop default ranges: normalise first (`normalizeFilterSet`) for the shortest address.
 */
export function filterSetToQueryEntries(filters: FilterSet): [string, string][] {
  const entries: [string, string][] = [];
  if (filters.species) entries.push(['species', filters.species]);
  if (filters.project) entries.push(['project', filters.project]);
  if (filters.years && filters.years.length > 0) entries.push(['years', filters.years.join(',')]);
  if (filters.hideFlagged === true) entries.push(['hideFlagged', HIDE_FLAGGED_VALUE]);
  for (const key of ALL_RANGE_KEYS) {
    const range = filters[key];
    if (range) entries.push([key, `${formatNumber(range[0])},${formatNumber(range[1])}`]);
  }
  return entries;
}

/** `species=…&absThermalTolerance=33.5,40` (no leading '?'; '' for an empty set). */
export function filterSetToQueryString(filters: FilterSet): string {
  return new URLSearchParams(filterSetToQueryEntries(filters)).toString();
}

export interface ParsedFilterQuery {
  filters: FilterSet;
  /** What was wrong, one message per parameter; the filter set leaves those out. */
  problems: string[];
}

type QueryInput =
  | URLSearchParams
  | Iterable<readonly [string, string]>
  | Readonly<Record<string, string | readonly string[] | undefined>>;

function entriesOf(input: QueryInput): [string, string | readonly string[]][] {
  if (input instanceof URLSearchParams || Symbol.iterator in input) {
    const grouped = new Map<string, string[]>();
    for (const [key, value] of input as Iterable<readonly [string, string]>) {
      grouped.set(key, [...(grouped.get(key) ?? []), value]);
    }
    return [...grouped].map(([key, values]) => [key, values.length === 1 ? values[0]! : values]);
  }
  return Object.entries(input).filter(
    (entry): entry is [string, string | readonly string[]] => entry[1] !== undefined,
  );
}

export const hideFlaggedProblem = (value: string) =>
  `hideFlagged: the only value is "${HIDE_FLAGGED_VALUE}" (leave the parameter out to show flagged values), got "${value}"`;

function parseRange(key: AnyRangeKey, text: string, problems: string[]): FilterRange | undefined {
  if (!RANGE_PATTERN.test(text)) {
    problems.push(`${key}: expected "min,max" in °C (for example 33.5,40), got "${text}"`);
    return undefined;
  }
  const [min, max] = text.split(',').map(Number) as [number, number];
  if (min > max) {
    problems.push(`${key}: the minimum ${min} is greater than the maximum ${max}`);
    return undefined;
  }
  return [min, max];
}

/**
 * Reads a filter set from query parameters (URLSearchParams, entries, or a parsed query object
 * such as Fastify's). Unknown, repeated, blank or malformed parameters are reported in
 * `problems` and left out; the server answers them with 400, the map ignores them.
 */
export function parseFilterQuery(input: QueryInput): ParsedFilterQuery {
  const filters: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, value] of entriesOf(input)) {
    if (!FILTER_QUERY_KEYS.includes(key)) {
      problems.push(`unknown filter parameter "${key}"`);
      continue;
    }
    if (typeof value !== 'string') {
      problems.push(`${key}: give it once`);
      continue;
    }
    if (key === 'species' || key === 'project') {
      if (value === '') problems.push(`${key}: must not be empty`);
      else filters[key] = value;
    } else if (key === 'years') {
      if (YEARS_PATTERN.test(value)) {
        filters.years = [...new Set(value.split(',').map(Number))].sort((a, b) => a - b);
      } else problems.push(`years: expected comma-separated years (2022,2023), got "${value}"`);
    } else if (key === 'hideFlagged') {
      if (value === HIDE_FLAGGED_VALUE) filters.hideFlagged = true;
      else problems.push(hideFlaggedProblem(value));
    } else if (isRangeKey(key)) {
      const range = parseRange(key, value, problems);
      if (range) filters[key] = range;
    }
  }
  return { filters: filters, problems };
}
