import type {
  ColonyEdResult,
  ColonyFlag,
  ColonyFlagCode,
  EdEstimate,
} from '@coral/core/ed50/index';

/** The three thermal thresholds, with the names the platform uses for them elsewhere. */
export const ED_KINDS = [
  { key: 'ed5', label: 'ED5', name: 'Breakpoint temperature' },
  { key: 'ed50', label: 'ED50', name: 'Thermal tolerance' },
  { key: 'ed95', label: 'ED95', name: 'Thermal limit' },
] as const;

export const NOT_ESTIMABLE = 'not estimable';
export const NOT_FITTED = 'not fitted';

/** °C with 2 decimals, as CBASSED50 rounds them (a no-break space keeps "°C" with its number). */
export const celsius = (value: number) => `${value.toFixed(2)}\u00a0°C`;

/**
 * What a colony's ED cell says: the rounded value, or why there is none. A withheld value
 * (e.g. drc's 158 °C for a curve that barely drops) is never shown as a number here; the flag
 * next to it explains it.
 */
export function edCellText(colony: ColonyEdResult, estimate: EdEstimate): string {
  if (estimate.rounded !== null) return estimate.rounded.toFixed(2);
  return colony.status === 'excluded' ? NOT_FITTED : NOT_ESTIMABLE;
}

export type FlagSeverity = 'excluded' | 'withheld' | 'note';

/** Short labels for the flag badges; the engine's message is the full explanation. */
const FLAG_LABELS: Record<ColonyFlagCode, { label: string; severity: FlagSeverity }> = {
  constant_response: { label: 'Constant response', severity: 'excluded' },
  single_temperature: { label: 'One temperature', severity: 'excluded' },
  fit_failed: { label: 'Fit failed', severity: 'excluded' },
  grouping_property_collision: { label: 'Group name collision', severity: 'excluded' },
  group_too_large: { label: 'Group too large', severity: 'excluded' },
  too_few_temperatures: { label: 'Only 2 temperatures', severity: 'withheld' },
  response_increases: { label: 'Response increases', severity: 'withheld' },
  no_thermal_response: { label: 'No thermal response', severity: 'withheld' },
  ed50_not_estimable: { label: 'ED50 not estimable', severity: 'withheld' },
  ed5_not_estimable: { label: 'ED5 not estimable', severity: 'withheld' },
  ed95_not_estimable: { label: 'ED95 not estimable', severity: 'withheld' },
  fewer_than_4_temperatures: { label: 'Only 3 temperatures', severity: 'note' },
  ed5_extrapolated: { label: 'ED5 extrapolated', severity: 'note' },
  ed95_extrapolated: { label: 'ED95 extrapolated', severity: 'note' },
  ed50_only_bracketed: { label: 'ED50 only bracketed', severity: 'note' },
  baseline_depressed: { label: 'Baseline depressed', severity: 'note' },
  optimizer_max_iterations: { label: 'Iteration limit reached', severity: 'note' },
  joint_fit_without_excluded: { label: 'Group refitted', severity: 'note' },
};

export function flagLabel(flag: ColonyFlag): { label: string; severity: FlagSeverity } {
  return FLAG_LABELS[flag.code] ?? { label: flag.code, severity: 'note' };
}

/** Bootstrap badge classes with enough contrast (text-bg-* picks a readable text colour). */
export const SEVERITY_BADGE: Record<FlagSeverity, string> = {
  excluded: 'text-bg-danger',
  withheld: 'text-bg-warning',
  note: 'text-bg-light border',
};

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
