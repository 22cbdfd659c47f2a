import {
  isUntrustworthy,
  PLAUSIBLE_ABSOLUTE_RANGE_C,
  QUALITY_FLAGS,
  RELATIVE_TOLERANCE_C,
  THRESHOLD_ORDER_TEXT,
  type QualityFlag,
} from './quality-flags';
import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from './threshold-kinds';

/**
 * What each quality flag means, written once for people: the /quality-flags page, the badges'
 * titles and the download data dictionary all read this registry. The numbers in `howDecided`
 * come from the constants the rule itself uses (quality-flags.ts), so the words cannot drift from
 * the rule.
 */
export interface QualityFlagDescription {
  code: QualityFlag;
  /** Short label for badges and lists: 'implausible value (failed curve fit)'. */
  label: string;
  /** Page heading: 'Implausible value'. */
  title: string;
  /** What the flag says about the value, in plain words. */
  meaning: string;
  /** Exactly how the platform decides it, with the rule's own numbers. */
  howDecided: string;
  /** Whether "Hide flagged values" removes the entry (decision 0013): its untrustworthy flags. */
  hiddenByHideFlagged: boolean;
  /** What a researcher can do about it. */
  whatToDo: string;
}

const celsius = (value: number) => `${value} °C`;
const kindList = THRESHOLD_KINDS_BY_LEVEL.map((kind) => THRESHOLD_KIND_INFO[kind].edLabel).join(
  ', ',
);

type Written = Omit<QualityFlagDescription, 'code' | 'hiddenByHideFlagged'>;

const WRITTEN: Record<QualityFlag, Written> = {
  [QUALITY_FLAGS.implausibleAbsolute]: {
    label: 'implausible value (failed curve fit)',
    title: 'Implausible value',
    meaning:
      'The absolute temperature is not a temperature a coral can tolerate or a CBASS assay can ' +
      'measure. It almost always comes from a dose-response curve that did not fit (for ' +
      'example a curve that barely falls, extrapolated to thousands of degrees).',
    howDecided:
      `Set when the absolute value is below ${celsius(PLAUSIBLE_ABSOLUTE_RANGE_C.min)} or above ` +
      `${celsius(PLAUSIBLE_ABSOLUTE_RANGE_C.max)}: a CBASS ramp never leaves that window, and ` +
      'corals bleach at roughly 25–40 °C. Checked for every entry at import.',
    whatToDo:
      'Do not use the value. Re-fit the raw PAM data of that colony (for example with the ED ' +
      'calculator of this platform) or ask the data owner; check the assay temperatures.',
  },
  [QUALITY_FLAGS.relativeMismatch]: {
    label: 'relative value disagrees with absolute − MMM',
    title: 'Relative value disagrees with absolute − MMM',
    meaning:
      'The stored relative value (the threshold above the maximum monthly mean, MMM) is not ' +
      'the absolute value minus the MMM, so at least one of the three numbers is wrong.',
    howDecided:
      'Set when absolute, relative and MMM values are all present and |absolute − MMM − ' +
      `relative| is more than ${celsius(RELATIVE_TOLERANCE_C)} (values are stored to 2 ` +
      'decimals; smaller differences are rounding).',
    whatToDo:
      'Treat the entry as unreliable until the data owner corrects it: compute absolute − MMM ' +
      'yourself and check which MMM climatology the dataset used.',
  },
  [QUALITY_FLAGS.missingMmm]: {
    label: 'no MMM climatology',
    title: 'No MMM climatology',
    meaning:
      'The colony has no maximum monthly mean (MMM) sea-surface temperature, so the relative ' +
      'value (threshold − MMM) cannot be computed and reads N/A. The absolute value is fine.',
    howDecided: 'Set when the entry has no MMM value. Checked for every entry at import.',
    whatToDo:
      'Use the absolute value. For relative comparisons, look up the MMM of the site in a ' +
      'climatology (for example NOAA Coral Reef Watch) or ask the data owner to add it.',
  },
  [QUALITY_FLAGS.inconsistentOrder]: {
    label: `${THRESHOLD_ORDER_TEXT} does not hold`,
    title: `Thresholds out of order (${THRESHOLD_ORDER_TEXT} does not hold)`,
    meaning:
      'A threshold for a higher loss of photosynthetic efficiency is at a lower temperature ' +
      'than one for a smaller loss, which cannot happen on one dose-response curve. One of ' +
      'the values is probably wrong, but the data do not say which.',
    howDecided:
      `For each colony, condition and timepoint, the absolute ${kindList} values present must ` +
      `satisfy ${THRESHOLD_ORDER_TEXT} (missing values are skipped). When they do not, every ` +
      'entry of that colony, condition and timepoint gets the flag.',
    whatToDo:
      'Compare the values with each other and with the raw data before using them; re-fit the ' +
      'curve or ask the data owner which value is wrong.',
  },
};

/** Every quality flag's description, in the order the page lists them. */
export const QUALITY_FLAG_DESCRIPTIONS: readonly QualityFlagDescription[] = (
  Object.keys(WRITTEN) as QualityFlag[]
).map((code) => ({ code, ...WRITTEN[code], hiddenByHideFlagged: isUntrustworthy([code]) }));

const BY_CODE: ReadonlyMap<string, QualityFlagDescription> = new Map(
  QUALITY_FLAG_DESCRIPTIONS.map((description) => [description.code, description]),
);

/** The description of a flag code, or undefined for a code this release does not know. */
export function qualityFlagDescription(code: string): QualityFlagDescription | undefined {
  return BY_CODE.get(code);
}
