import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS_BY_LEVEL,
  type ThresholdKind,
} from './threshold-kinds';

/**
 * Data-quality flags on stored thermal thresholds. Values are never altered or dropped; they are
 * flagged so that screens and exports can say what is wrong, and so that failed curve fits do
 * not stretch dataset-wide ranges. Rule and thresholds: docs/decisions/0002-threshold-quality-flags.md
 */
export const QUALITY_FLAGS = {
  /** Absolute value outside the physiologically plausible window (a failed curve fit). */
  implausibleAbsolute: 'implausible_absolute',
  /** No MMM climatology: the relative value cannot be computed. */
  missingMmm: 'missing_mmm',
  /** Stored relative value disagrees with absolute − MMM. */
  relativeMismatch: 'relative_mismatch',
  /** The thresholds do not rise with their level (ED5 ≤ ED50 ≤ ED95) for the colony, condition and timepoint. */
  inconsistentOrder: 'inconsistent_order',
} as const;

export type QualityFlag = (typeof QUALITY_FLAGS)[keyof typeof QUALITY_FLAGS];

/** Corals bleach between roughly 25 and 40 °C; a CBASS ramp never leaves 15–45 °C. */
export const PLAUSIBLE_ABSOLUTE_RANGE_C = { min: 15, max: 45 } as const;

/**
 * A reef's maximum monthly mean sea-surface temperature (°C): typically 20–32 °C; outside 15–35 °C
 * it is a typing error (28.45 typed as 2845 or 2.845). Uploads and the calculator's MMM tables
 * (file or typed) check it (decisions 0061, 0068).
 */
export const PLAUSIBLE_MMM_RANGE_C = { min: 15, max: 35 } as const;

/** Tolerance for rounding when comparing rel with abs − MMM (values are stored to 2 decimals). */
export const RELATIVE_TOLERANCE_C = 0.05;

/**
 * Flags that mean the value itself is not trustworthy: excluded from dataset ranges (decision
 * 0002) and hidden, with their whole entry, by the map's "Hide flagged values" (decision 0013).
 */
export const UNTRUSTWORTHY_FLAG_CODES: readonly QualityFlag[] = [
  QUALITY_FLAGS.implausibleAbsolute,
  QUALITY_FLAGS.relativeMismatch,
];
const UNTRUSTWORTHY_FLAGS: ReadonlySet<string> = new Set(UNTRUSTWORTHY_FLAG_CODES);

export function isUntrustworthy(flags: readonly string[]): boolean {
  return flags.some((flag) => UNTRUSTWORTHY_FLAGS.has(flag));
}

export interface ThresholdValues {
  abs: number | null;
  rel: number | null;
  mmm: number | null;
}

/** Flags that can be decided from one entry alone. */
export function entryQualityFlags({ abs, rel, mmm }: ThresholdValues): QualityFlag[] {
  const flags: QualityFlag[] = [];
  if (
    abs != null &&
    (abs < PLAUSIBLE_ABSOLUTE_RANGE_C.min || abs > PLAUSIBLE_ABSOLUTE_RANGE_C.max)
  ) {
    flags.push(QUALITY_FLAGS.implausibleAbsolute);
  }
  if (mmm == null) flags.push(QUALITY_FLAGS.missingMmm);
  if (
    abs != null &&
    rel != null &&
    mmm != null &&
    Math.abs(abs - mmm - rel) > RELATIVE_TOLERANCE_C
  ) {
    flags.push(QUALITY_FLAGS.relativeMismatch);
  }
  return flags;
}

/** The order rule in words: 'ED5 ≤ ED50 ≤ ED95'. */
export const THRESHOLD_ORDER_TEXT = THRESHOLD_KINDS_BY_LEVEL.map(
  (kind) => THRESHOLD_KIND_INFO[kind].edLabel,
).join(' ≤ ');

/**
 * Whether a colony's thresholds for one condition and timepoint rise with their level
 * (ED5 ≤ ED50 ≤ ED95 for the three kinds of today). Missing values are not a violation (there is
 * nothing to compare).
 */
export function isOrderConsistent(
  valueOf: (kind: ThresholdKind) => number | null | undefined,
): boolean {
  const present = THRESHOLD_KINDS_BY_LEVEL.map(valueOf).filter(
    (value): value is number => value != null,
  );
  return present.every((value, index) => index === 0 || present[index - 1]! <= value);
}
