import { isHiddenByHideFlagged } from '../thresholds/flagged-entries';
import { perThresholdKind } from '../thresholds/threshold-kinds';
import type { ThresholdKind } from '../thresholds/threshold-kinds';

/** A colony as the exports hold it: its thresholds of every kind, each with its flag codes. */
export interface ColonyWithFlaggedThresholds {
  thresholds: Readonly<Record<ThresholdKind, readonly { qualityFlags: readonly string[] }[]>>;
}

const hidden = (threshold: { qualityFlags: readonly string[] }) =>
  isHiddenByHideFlagged({ quality_flags: threshold.qualityFlags });

/**
 * "Hide flagged values" on an exported colony (a download's, the cart export's), by the map's
 * rule (decision 0013, thresholds/flagged-entries.ts): its hidden entries dropped, or null when
 * it had entries and every one is hidden. The same colony comes back when nothing is hidden.
 */
export function withoutFlaggedThresholds<C extends ColonyWithFlaggedThresholds>(
  colony: C,
): C | null {
  let removed = 0;
  let kept = 0;
  const thresholds = perThresholdKind((kind) => {
    const entries = colony.thresholds[kind].filter((threshold) => !hidden(threshold));
    removed += colony.thresholds[kind].length - entries.length;
    kept += entries.length;
    return entries;
  });
  if (removed === 0) return colony;
  return kept === 0 ? null : { ...colony, thresholds };
}
