import {
  entriesOfKind,
  formatCelsius,
  moreItemsLabel,
  shownValueFlags,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type TCartColonyEntry,
  type ThresholdEntryValues,
} from '@coral/core';

/**
 * How the expanded group's colony table shows a colony's lists (product-spec §2): biosamples as
 * count, first name and '+N more'; each threshold entry with id, condition, Abs, Rel and MMM to
 * 2 decimals in °C, and the timepoint; 'N/A' for a missing value, 'No data' for an empty list.
 */
export const NO_DATA = 'No data';
export const NOT_AVAILABLE = 'N/A';

export interface BiosampleSummary {
  count: number;
  first: string;
  more: string | null;
}

export function biosampleSummary(
  biosamples: TCartColonyEntry['biosamples'],
): BiosampleSummary | null {
  const [first] = biosamples;
  if (!first) return null;
  return {
    count: biosamples.length,
    first: first.name,
    more: moreItemsLabel(biosamples.length - 1),
  };
}

export interface ThresholdLine {
  id: number;
  condition: string;
  abs: string;
  rel: string;
  mmm: string;
  timepoint: string;
  /** Codes of the flags that make the shown values doubtful (decision 0002); empty when none. */
  flags: string[];
}

const textOrNa = (text: string | null) =>
  text == null || text.trim() === '' ? NOT_AVAILABLE : text;

export function thresholdLines(entries: readonly ThresholdEntryValues[]): ThresholdLine[] {
  return entries.map((entry) => ({
    id: entry.id,
    condition: textOrNa(entry.condition),
    abs: formatCelsius(entry.abs),
    rel: formatCelsius(entry.rel),
    mmm: formatCelsius(entry.sst_clim_mmm),
    timepoint: textOrNa(entry.timepoint),
    flags: shownValueFlags(entry.quality_flags),
  }));
}

/** One threshold column per kind, in the spec's order, headed 'Breakpoint Temp (ED5)' etc. */
export const THRESHOLD_COLUMNS = THRESHOLD_KINDS.map((kind) => {
  const { shortLabel, edLabel } = THRESHOLD_KIND_INFO[kind];
  return {
    kind,
    header: `${shortLabel} (${edLabel})`,
    lines: (colony: TCartColonyEntry) => thresholdLines(entriesOfKind(colony, kind)),
  };
});
