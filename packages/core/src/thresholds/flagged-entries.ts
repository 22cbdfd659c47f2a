import { isUntrustworthy } from './quality-flags';
import type { ThresholdEntryBase, WithThresholdLists } from './threshold-entries';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from './threshold-kinds';

/**
 * "Hide flagged values" (docs/decisions/0013-hide-flagged-values.md): the one rule for which
 * threshold entries the option hides, used by the map, the colonies API and downloads.
 *
 * An entry is hidden when it carries an untrustworthy flag (`UNTRUSTWORTHY_FLAG_CODES`: a failed
 * fit or a relative value that disagrees with absolute − MMM). The whole entry goes: its relative
 * value is computed from its absolute one, so they stand or fall together. `missing_mmm` and
 * `inconsistent_order` do not hide (the values are trustworthy per decision 0002; the order flag
 * marks every entry of the tuple without saying which one is wrong).
 */
export function isHiddenByHideFlagged(entry: Pick<ThresholdEntryBase, 'quality_flags'>): boolean {
  return isUntrustworthy(entry.quality_flags);
}

/** How many threshold entries the colony lists, over every kind of the registry. */
export function thresholdEntryCount(colony: WithThresholdLists): number {
  let count = 0;
  for (const kind of THRESHOLD_KINDS) {
    count += colony[THRESHOLD_KIND_INFO[kind].listKey]?.length ?? 0;
  }
  return count;
}

/**
 * The colony without its hidden entries (every kind's list filtered; everything else as it is).
 * Returns the colony itself when nothing is hidden, so that 100,000 clean colonies cost no copies;
 * otherwise a shallow copy with new lists. The input is never changed.
 */
export function withoutFlaggedEntries<C extends WithThresholdLists>(colony: C): C {
  let copy: Record<string, unknown> | null = null;
  for (const kind of THRESHOLD_KINDS) {
    const { listKey } = THRESHOLD_KIND_INFO[kind];
    const entries = colony[listKey];
    if (!entries?.some(isHiddenByHideFlagged)) continue;
    copy ??= { ...colony };
    copy[listKey] = entries.filter((entry) => !isHiddenByHideFlagged(entry));
  }
  return (copy as C | null) ?? colony;
}

/**
 * The colony as "Hide flagged values" shows it: without its hidden entries, or null when the
 * option hides the colony as a whole because it had entries and every one of them is hidden. A
 * colony that never had a threshold stays (the option is about values, not about missing ones).
 */
export function colonyWithoutFlagged<C extends WithThresholdLists>(colony: C): C | null {
  const shown = withoutFlaggedEntries(colony);
  // Same object: nothing was hidden, so it keeps whatever entries it had.
  if (shown === colony) return colony;
  return thresholdEntryCount(shown) === 0 ? null : shown;
}
