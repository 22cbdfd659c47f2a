import { absoluteValueFlags, formatValue } from '@coral/core';

interface ThresholdEntry {
  condition: string | null;
  timepoint: string | null;
  quality_flags: string[];
}

export interface ThresholdPart {
  text: string;
  /** Quality flags that cast doubt on the shown value (decision 0002); empty when none. */
  flags: string[];
}

/**
 * A colony's thresholds of one kind in the project's colony table (spec §2): one
 * 'condition (Timepoint: x): value' per entry, the value being the absolute temperature to
 * 2 decimals. The table joins them with commas, or shows 'No data available'.
 */
export function thresholdParts<T extends ThresholdEntry>(
  entries: readonly T[],
  valueOf: (entry: T) => number | null,
): ThresholdPart[] {
  return entries.map((entry) => ({
    text: `${entry.condition ?? 'N/A'} (Timepoint: ${entry.timepoint ?? 'N/A'}): ${formatValue(valueOf(entry))}`,
    flags: absoluteValueFlags(entry.quality_flags),
  }));
}

export const NO_THRESHOLD_DATA = 'No data available';
