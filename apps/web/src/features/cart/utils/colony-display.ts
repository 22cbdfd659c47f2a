import {
  formatCelsius,
  moreItemsLabel,
  qualityFlagLabel,
  shownValueFlags,
  type TCartColonyEntry,
} from '@coral/core';

/**
 * How the expanded group's colony table shows a colony's lists (spec §2): biosamples as count,
 * first name and '+N more'; each threshold entry with id, condition, Abs, Rel and MMM to
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
  /** Why the shown values are doubtful (decision 0002); empty when they are not. */
  flags: string[];
}

interface ThresholdEntry {
  id: number;
  condition: string | null;
  timepoint: string | null;
  sst_clim_mmm: number | null;
  quality_flags: string[];
}

const textOrNa = (text: string | null) =>
  text == null || text.trim() === '' ? NOT_AVAILABLE : text;

export function thresholdLines<T extends ThresholdEntry>(
  entries: readonly T[],
  abs: (entry: T) => number | null,
  rel: (entry: T) => number | null,
): ThresholdLine[] {
  return entries.map((entry) => ({
    id: entry.id,
    condition: textOrNa(entry.condition),
    abs: formatCelsius(abs(entry)),
    rel: formatCelsius(rel(entry)),
    mmm: formatCelsius(entry.sst_clim_mmm),
    timepoint: textOrNa(entry.timepoint),
    flags: shownValueFlags(entry.quality_flags).map(qualityFlagLabel),
  }));
}

/** The three threshold columns, in the spec's order, with their headers. */
export const THRESHOLD_COLUMNS = [
  {
    header: 'Thermal Tolerance (ED50)',
    lines: (colony: TCartColonyEntry) =>
      thresholdLines(
        colony.thermal_tolerances,
        (e) => e.abs_thermal_tolerance,
        (e) => e.rel_thermal_tolerance,
      ),
  },
  {
    header: 'Breakpoint Temp (ED5)',
    lines: (colony: TCartColonyEntry) =>
      thresholdLines(
        colony.breakpoint_temperatures,
        (e) => e.abs_breakpoint_temperature,
        (e) => e.rel_breakpoint_temperature,
      ),
  },
  {
    header: 'Thermal Limit (ED95)',
    lines: (colony: TCartColonyEntry) =>
      thresholdLines(
        colony.thermal_limits,
        (e) => e.abs_thermal_limit,
        (e) => e.rel_thermal_limit,
      ),
  },
] as const;
