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
  const flags = perThresholdKind((kind) =>
    thresholds[kind].map((entry): QualityFlag[] => entryQualityFlags(entry)),
  );

  const tupleKey = (t: BundleThreshold) => JSON.stringify([t.colonyKey, t.condition, t.timepoint]);
  const byTuple = new Map<string, Partial<Record<ThresholdKind, number>>>();
  for (const kind of THRESHOLD_KINDS) {
    thresholds[kind].forEach((entry, index) => {
      const key = tupleKey(entry);
      byTuple.set(key, { ...byTuple.get(key), [kind]: index });
    });
  }
  for (const indexes of byTuple.values()) {
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
