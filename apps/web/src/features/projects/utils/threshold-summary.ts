import { formatValue } from '@coral/core';

interface ThresholdEntry {
  condition: string | null;
  timepoint: string | null;
}

/**
 * A colony's thresholds of one kind in the project's colony table (spec §2):
 * 'condition (Timepoint: x): value' joined by commas, or 'No data available'. The value is the
 * absolute temperature to 2 decimals.
 */
export function summarizeThresholds<T extends ThresholdEntry>(
  entries: readonly T[],
  valueOf: (entry: T) => number | null,
): string {
  if (entries.length === 0) return 'No data available';
  return entries
    .map(
      (entry) =>
        `${entry.condition ?? 'N/A'} (Timepoint: ${entry.timepoint ?? 'N/A'}): ${formatValue(valueOf(entry))}`,
    )
    .join(', ');
}
