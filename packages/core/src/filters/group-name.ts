import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import type { FilterRange, FilterSet } from './filter-set';

export const ALL_COLONIES_GROUP_NAME = 'All Colonies';
export const FALLBACK_GROUP_NAME = 'Filter Group';

/** The range the group name leaves out (product-spec §4): 20–40 °C. */
const UNNAMED_RANGE: FilterRange = [20, 40];

/** A bound in a group name: at most 2 decimals, no trailing zeros (33.5, 32.11, 40). */
function formatBound(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function describesRange(range: FilterRange | undefined): range is FilterRange {
  return (
    Array.isArray(range) &&
    range.length === 2 &&
    range.every((bound) => typeof bound === 'number' && Number.isFinite(bound)) &&
    (range[0] !== UNNAMED_RANGE[0] || range[1] !== UNNAMED_RANGE[1])
  );
}

/**
 * The group name the Add to Cart dialog proposes (product-spec §4 "Default group name"):
 * 'All Colonies' for an empty filter set; otherwise the species, the project, 'Years: …' and
 * 'TT: a-b°C, BT: a-b°C, TL: a-b°C' (absolute ranges other than 20–40 only) joined by ' | ';
 * 'Filter Group' when a filter set is given but none of these applies.
 */
export function defaultGroupName(filters: FilterSet | null | undefined): string {
  if (!filters || Object.keys(filters).length === 0) return ALL_COLONIES_GROUP_NAME;
  const parts: string[] = [];
  if (filters.species) parts.push(filters.species);
  if (filters.project) parts.push(filters.project);
  if (filters.years && filters.years.length > 0) parts.push(`Years: ${filters.years.join(', ')}`);
  const temperatures = THRESHOLD_KINDS.flatMap((kind) => {
    const { filterKeys, groupNameAbbreviation } = THRESHOLD_KIND_INFO[kind];
    const range = filters[filterKeys.abs];
    return describesRange(range)
      ? [`${groupNameAbbreviation}: ${formatBound(range[0])}-${formatBound(range[1])}°C`]
      : [];
  });
  if (temperatures.length > 0) parts.push(temperatures.join(', '));
  return parts.length > 0 ? parts.join(' | ') : FALLBACK_GROUP_NAME;
}
