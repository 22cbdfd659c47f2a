import { absoluteValueFlags, formatValue, type ThresholdEntryValues } from '@coral/core';

export interface ThresholdPart {
  text: string;
  /** Quality flags that cast doubt on the shown value (decision 0002); empty when none. */
  flags: string[];
}

/**
 * A colony's thresholds of one kind in the project's colony table (product-spec §2): one
 * 'condition (Timepoint: x): value' per entry, the value being the absolute temperature to
 * 2 decimals. The table joins them with commas, or shows 'No data available'.
 */
export function thresholdParts(entries: readonly ThresholdEntryValues[]): ThresholdPart[] {
  return entries.map((entry) => ({
    text: `${entry.condition ?? 'N/A'} (Timepoint: ${entry.timepoint ?? 'N/A'}): ${formatValue(entry.abs)}`,
    flags: absoluteValueFlags(entry.quality_flags),
  }));
}

export const NO_THRESHOLD_DATA = 'No data available';
