import {
  perThresholdKind,
  THRESHOLD_KINDS,
  type ThresholdKind,
} from '../thresholds/threshold-kinds';
import {
  entryQualityFlags,
  isOrderConsistent,
  QUALITY_FLAGS,
  type QualityFlag,
} from '../thresholds/quality-flags';
import type { BundleThreshold } from './dataset-bundle';

/**
 * Quality flags for every threshold of a bundle, keyed like the bundle: the per-entry rule plus
 * the cross-kind order check (ED5 ≤ ED50 ≤ ED95) for each colony × condition × timepoint.
 */
export function flagBundleThresholds(
  thresholds: Record<ThresholdKind, BundleThreshold[]>,
): Record<ThresholdKind, QualityFlag[][]> {
  const flagging = flagsInParts(thresholds, Number.POSITIVE_INFINITY);
  for (;;) {
    const next = flagging.next();
    if (next.done) return next.value;
  }
}

/**
 * As flagBundleThresholds, calling `between` (a turn of the server's event loop) after every
 * `partItems` thresholds: a 56,000-row sheet's 42,000 thresholds took most of a second of the
 * server's thread (docs/decisions/0069-embedded-database-in-a-thread.md).
 */
export async function flagBundleThresholdsInParts(
  thresholds: Record<ThresholdKind, BundleThreshold[]>,
  partItems: number,
  between: () => Promise<void>,
): Promise<Record<ThresholdKind, QualityFlag[][]>> {
  const flagging = flagsInParts(thresholds, partItems);
  for (;;) {
    const next = flagging.next();
    if (next.done) return next.value;
    await between();
  }
}

function* flagsInParts(
  thresholds: Record<ThresholdKind, BundleThreshold[]>,
  partItems: number,
): Generator<void, Record<ThresholdKind, QualityFlag[][]>> {
  let items = 0;
  const counted = () => ++items % partItems === 0;
  const flags = perThresholdKind((): QualityFlag[][] => []);
  for (const kind of THRESHOLD_KINDS) {
    for (const entry of thresholds[kind]) {
      flags[kind].push(entryQualityFlags(entry));
      if (counted()) yield;
    }
  }

  const tupleKey = (t: BundleThreshold) => JSON.stringify([t.colonyKey, t.condition, t.timepoint]);
  const byTuple = new Map<string, Partial<Record<ThresholdKind, number>>>();
  for (const kind of THRESHOLD_KINDS) {
    const entries = thresholds[kind];
    for (let index = 0; index < entries.length; index++) {
      const key = tupleKey(entries[index]!);
      const indexes = byTuple.get(key);
      if (indexes) indexes[kind] = index;
      else byTuple.set(key, { [kind]: index });
      if (counted()) yield;
    }
  }
  for (const indexes of byTuple.values()) {
    if (counted()) yield;
    const value = (kind: ThresholdKind) => {
      const index = indexes[kind];
      return index === undefined ? null : (thresholds[kind][index]?.abs ?? null);
    };
    if (isOrderConsistent(value)) continue;
    for (const kind of THRESHOLD_KINDS) {
      const index = indexes[kind];
      if (index !== undefined) flags[kind][index]?.push(QUALITY_FLAGS.inconsistentOrder);
    }
  }
  return flags;
}
