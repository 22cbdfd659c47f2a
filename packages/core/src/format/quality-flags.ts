import { QUALITY_FLAGS } from '../thresholds/quality-flags';
import { qualityFlagDescription } from '../thresholds/quality-flag-descriptions';

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

/** What a quality flag means, for people (its registry label); unknown codes are shown as they are. */
export function qualityFlagLabel(flag: string): string {
  return qualityFlagDescription(flag)?.label ?? flag.replaceAll('_', ' ');
}

/** The flags of an entry that concern its absolute value (the one project tables show). */
export function absoluteValueFlags(flags: readonly string[]): string[] {
  return flags.filter((flag) => ABSOLUTE_VALUE_FLAGS.has(flag));
}

/** The flags of an entry that concern its absolute or relative value (decision 0002). */
export function shownValueFlags(flags: readonly string[]): string[] {
  return flags.filter((flag) => SHOWN_VALUE_FLAGS.has(flag));
}
