import { UNTRUSTWORTHY_FLAG_CODES } from '../thresholds/quality-flags';
import { THRESHOLD_KINDS, type ThresholdKind } from '../thresholds/threshold-kinds';
import type { DefaultRanges } from './default-ranges';
import { isEmptyFilterSet, normalizeFilterSet } from './filter-engine';
import { ALL_RANGE_KEYS, RANGE_SPEC_BY_KEY, type FilterSet } from './filter-set';

/**
 * The filter set (product-spec §5) as a database-neutral description of which colonies pass, so
 * a repository can filter in the database (decision 0031) with the same meaning as
 * `compileColonyView`: a conjunction of conditions on a colony, its biosamples and its threshold
 * entries. No SQL here: each repository translates the conditions into its own query builder,
 * and the agreement tests compare its answers with `filterColonies` on random filter sets.
 *
 * Entries and biosamples are those readers see (the repository applies its visibility rule to
 * every table it reads).
 */
export type ColonyCondition =
  /** The colony's species equals `equals`. */
  | { kind: 'species'; equals: string }
  /** One of the colony's biosamples belongs to a project named `name`. */
  | { kind: 'project'; name: string }
  /**
   * One of the colony's biosamples was collected in one of `years` (a collection date after today
   * gives no year, as in the colonies feed).
   */
  | { kind: 'collectionYear'; years: readonly number[] }
  /**
   * The colony has an entry of `thresholdKind` whose `value` (absolute or relative to the MMM) is
   * a number within [min, max], bounds included; with `excludeFlags`, entries carrying any of
   * those quality flags do not count.
   */
  | {
      kind: 'thresholdInRange';
      thresholdKind: ThresholdKind;
      value: 'absolute' | 'relative';
      min: number;
      max: number;
      excludeFlags: readonly string[];
    }
  /**
   * "Hide flagged values" (decision 0013): the colony has no threshold entry of any of
   * `thresholdKinds`, or at least one without any of `flags`.
   */
  | { kind: 'notOnlyFlagged'; thresholdKinds: readonly ThresholdKind[]; flags: readonly string[] };

/** Every condition must hold; an empty list lets every colony pass. */
export interface ColonyPredicate {
  all: readonly ColonyCondition[];
}

/**
 * The filter set as a colony predicate: normalised first (`normalizeFilterSet`), so inactive
 * ranges and blank fields give no condition and an empty set gives `{ all: [] }`.
 */
export function colonyPredicate(filters: FilterSet, defaults: DefaultRanges): ColonyPredicate {
  const normal = normalizeFilterSet(filters, defaults);
  if (isEmptyFilterSet(normal)) return { all: [] };
  const all: ColonyCondition[] = [];
  if (normal.species !== undefined) all.push({ kind: 'species', equals: normal.species });
  if (normal.project !== undefined) all.push({ kind: 'project', name: normal.project });
  if (normal.years) all.push({ kind: 'collectionYear', years: normal.years });
  const excludeFlags = normal.hideFlagged ? UNTRUSTWORTHY_FLAG_CODES : [];
  if (normal.hideFlagged) {
    all.push({ kind: 'notOnlyFlagged', thresholdKinds: THRESHOLD_KINDS, flags: excludeFlags });
  }
  for (const key of ALL_RANGE_KEYS) {
    const range = normal[key];
    if (!range) continue;
    const spec = RANGE_SPEC_BY_KEY[key];
    all.push({
      kind: 'thresholdInRange',
      thresholdKind: spec.kind,
      value: spec.scale,
      min: range[0],
      max: range[1],
      excludeFlags,
    });
  }
  return { all };
}
