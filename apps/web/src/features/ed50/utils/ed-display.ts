import {
  THRESHOLD_KINDS,
  THRESHOLD_KINDS_BY_LEVEL,
  THRESHOLD_KIND_INFO,
  type ThresholdKind,
  type ThresholdKindInfo,
} from '@coral/core';
import type { ColonyEdResult, ColonyFlag, ColonyFlagCode, EdEstimate } from '@coral/core/ed50';

/**
 * The thermal thresholds in the calculator's order (by level: ED5, ED50, ED95), as the registry
 * describes them: `kind` keys a colony's values, `edLabel` heads columns, `color` draws lines.
 */
export const ED_KINDS: readonly ThresholdKindInfo[] = THRESHOLD_KINDS_BY_LEVEL.map(
  (kind) => THRESHOLD_KIND_INFO[kind],
);

/** "ED5, ED50 and ED95" */
export const ED_KINDS_IN_WORDS = `${ED_KINDS.slice(0, -1)
  .map((kind) => kind.edLabel)
  .join(', ')} and ${ED_KINDS[ED_KINDS.length - 1]!.edLabel}`;

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

interface FlagBadge {
  label: string;
  severity: FlagSeverity;
}

type PerKindFlagCode = `${ThresholdKind}_not_estimable` | `${ThresholdKind}_extrapolated`;

/** "ED95 not estimable" (value withheld) and "ED5 extrapolated" (kept), for every kind. */
const PER_KIND_FLAG_LABELS = Object.fromEntries(
  THRESHOLD_KINDS.flatMap((kind) => {
    const { edLabel } = THRESHOLD_KIND_INFO[kind];
    const notEstimable: FlagBadge = { label: `${edLabel} not estimable`, severity: 'withheld' };
    const extrapolated: FlagBadge = { label: `${edLabel} extrapolated`, severity: 'note' };
    return [
      [`${kind}_not_estimable`, notEstimable],
      [`${kind}_extrapolated`, extrapolated],
    ];
  }),
) as Record<PerKindFlagCode, FlagBadge>;

/** Short labels for the flag badges; the engine's message is the full explanation. */
const FLAG_LABELS: Record<ColonyFlagCode, FlagBadge> = {
  constant_response: { label: 'Constant response', severity: 'excluded' },
  single_temperature: { label: 'One temperature', severity: 'excluded' },
  fit_failed: { label: 'Fit failed', severity: 'excluded' },
  grouping_property_collision: { label: 'Group name collision', severity: 'excluded' },
  group_too_large: { label: 'Group too large', severity: 'excluded' },
  too_few_temperatures: { label: 'Only 2 temperatures', severity: 'withheld' },
  response_increases: { label: 'Response increases', severity: 'withheld' },
  no_thermal_response: { label: 'No thermal response', severity: 'withheld' },
  fewer_than_4_temperatures: { label: 'Only 3 temperatures', severity: 'note' },
  ed50_only_bracketed: { label: 'ED50 only bracketed', severity: 'note' },
  baseline_depressed: { label: 'Baseline depressed', severity: 'note' },
  optimizer_max_iterations: { label: 'Iteration limit reached', severity: 'note' },
  optimizer_abnormal_stop: { label: 'Optimiser stopped early', severity: 'note' },
  parameter_at_bound: { label: 'At a bound', severity: 'note' },
  joint_fit_without_excluded: { label: 'Group refitted', severity: 'note' },
  other_scale: { label: 'Another scale', severity: 'note' },
  fit_collapsed_other_scale: {
    label: 'Fit collapsed (other colony’s scale)',
    severity: 'withheld',
  },
  limits_not_physical: { label: 'Limits impossible', severity: 'note' },
  no_residual_df: { label: 'No intervals (no residual df)', severity: 'note' },
  ...PER_KIND_FLAG_LABELS,
};

export function flagLabel(flag: ColonyFlag): FlagBadge {
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
