import { QUALITY_FLAGS, THRESHOLD_ORDER_TEXT } from '../thresholds/quality-flags';

const LABELS: Record<string, string> = {
  [QUALITY_FLAGS.implausibleAbsolute]: 'implausible value (failed curve fit)',
  [QUALITY_FLAGS.missingMmm]: 'no MMM climatology',
  [QUALITY_FLAGS.relativeMismatch]: 'relative value disagrees with absolute − MMM',
  [QUALITY_FLAGS.inconsistentOrder]: `${THRESHOLD_ORDER_TEXT} does not hold`,
};

/** Flags that cast doubt on an absolute threshold value (decision 0002). */
const ABSOLUTE_VALUE_FLAGS: ReadonlySet<string> = new Set([
  QUALITY_FLAGS.implausibleAbsolute,
  QUALITY_FLAGS.inconsistentOrder,
]);

/**
 * Flags that cast doubt on a value shown with an entry's absolute, relative and MMM values (the
 * research cart): the absolute-value flags plus a relative value that disagrees with
 * absolute − MMM. `missing_mmm` is left out: the MMM and relative values then read 'N/A'.
 */
const SHOWN_VALUE_FLAGS: ReadonlySet<string> = new Set([
  ...ABSOLUTE_VALUE_FLAGS,
  QUALITY_FLAGS.relativeMismatch,
]);

/** What a quality flag means, for people; unknown codes are shown as they are. */
export function qualityFlagLabel(flag: string): string {
  return LABELS[flag] ?? flag.replaceAll('_', ' ');
}

/** The flags of an entry that concern its absolute value (the one project tables show). */
export function absoluteValueFlags(flags: readonly string[]): string[] {
  return flags.filter((flag) => ABSOLUTE_VALUE_FLAGS.has(flag));
}

/** The flags of an entry that concern its absolute or relative value (decision 0002). */
export function shownValueFlags(flags: readonly string[]): string[] {
  return flags.filter((flag) => SHOWN_VALUE_FLAGS.has(flag));
}
