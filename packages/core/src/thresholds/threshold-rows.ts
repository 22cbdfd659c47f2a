import { perThresholdKind, THRESHOLD_KINDS, type ThresholdKind } from './threshold-kinds';

/** What the row splitting reads from an entry: where it was measured. */
export interface ConditionTimepoint {
  condition: string | null;
  timepoint: string | null;
}

/** One condition × timepoint of a colony, with its entry of each kind (null: none of that kind). */
export interface ThresholdRow<E extends ConditionTimepoint> {
  condition: string | null;
  timepoint: string | null;
  entries: Readonly<Record<ThresholdKind, E | null>>;
}

const compareText = (a: string | null, b: string | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b, 'en', { numeric: true });
};

/**
 * A colony's thresholds side by side, as exports show them: one row per distinct condition ×
 * timepoint found in any of its threshold lists, sorted by condition then timepoint (numerically
 * where numeric). If a kind holds several entries for the same condition and timepoint, they are
 * paired up in order and extra rows are added, so no value is ever dropped. A colony without any
 * threshold gets one row with no entries (a colony is never silently left out of an export).
 * Shared by the cart export and the open downloads so both split rows the same way.
 */
export function thresholdRows<E extends ConditionTimepoint>(
  thresholds: Readonly<Record<ThresholdKind, readonly E[]>>,
): ThresholdRow<E>[] {
  const tuples = new Map<
    string,
    { condition: string | null; timepoint: string | null; byKind: Map<ThresholdKind, E[]> }
  >();
  for (const kind of THRESHOLD_KINDS) {
    for (const entry of thresholds[kind]) {
      const key = JSON.stringify([entry.condition, entry.timepoint]);
      let tuple = tuples.get(key);
      if (!tuple) {
        tuple = { condition: entry.condition, timepoint: entry.timepoint, byKind: new Map() };
        tuples.set(key, tuple);
      }
      const list = tuple.byKind.get(kind) ?? [];
      list.push(entry);
      tuple.byKind.set(kind, list);
    }
  }
  if (tuples.size === 0) {
    return [{ condition: null, timepoint: null, entries: perThresholdKind(() => null) }];
  }
  const sorted = [...tuples.values()].sort(
    (a, b) => compareText(a.condition, b.condition) || compareText(a.timepoint, b.timepoint),
  );
  return sorted.flatMap(({ condition, timepoint, byKind }) => {
    const count = Math.max(...[...byKind.values()].map((list) => list.length));
    return Array.from({ length: count }, (_, index) => ({
      condition,
      timepoint,
      entries: perThresholdKind((kind) => byKind.get(kind)?.[index] ?? null),
    }));
  });
}

/** The MMM of a row: the first one stated by any of its entries (all entries share one MMM). */
export function rowMmm(
  row: ThresholdRow<ConditionTimepoint & { mmm: number | null }>,
): number | null {
  for (const kind of THRESHOLD_KINDS) {
    const mmm = row.entries[kind]?.mmm;
    if (mmm != null) return mmm;
  }
  return null;
}
