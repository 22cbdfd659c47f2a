/**
 * What a curator sees before deciding on a version in review, and the rule that a version with
 * quality flags is approved only with a note that acknowledges them
 * (docs/decisions/0055-review-with-evidence.md).
 */
import { QUALITY_FLAGS } from '../thresholds/quality-flags';

/** Where a group of flags comes from: the upload's checks, the stored values, or WoRMS. */
export const REVIEW_FLAG_SOURCES = ['upload', 'value', 'taxon'] as const;
export type ReviewFlagSource = (typeof REVIEW_FLAG_SOURCES)[number];

export const REVIEW_FLAG_SOURCE_LABELS: Readonly<Record<ReviewFlagSource, string>> = {
  upload: 'Upload checks',
  value: 'Stored threshold values',
  taxon: 'Species names (WoRMS)',
};

/** Examples listed per kind of flag on the review card; the count says how many there are. */
export const REVIEW_FLAG_EXAMPLES = 3;

/** Sites shown on the review card's map and list (the largest first). */
export const REVIEW_SITES_LIMIT = 200;

/**
 * Flags stored on values that report a problem the upload's checks also report, with the upload
 * flag that reports it (decision 0060): a colony without MMM is one upload flag per place and
 * one `missing_mmm` per stored value; a failed fit is `implausible_value` in the report and
 * `implausible_absolute` or `inconsistent_order` on the value. (Upload codes as strings: the
 * upload folder lies above this one.)
 */
export const VALUE_FLAG_REPORTED_BY_UPLOAD: Readonly<Record<string, string>> = {
  [QUALITY_FLAGS.missingMmm]: 'missing_mmm',
  [QUALITY_FLAGS.implausibleAbsolute]: 'implausible_value',
  [QUALITY_FLAGS.inconsistentOrder]: 'implausible_value',
};

export interface CountableFlagGroup {
  source: ReviewFlagSource;
  code: string;
  count: number;
}

/**
 * Whether a group adds to the count a curator's note acknowledges: a stored-value group does
 * not when the upload's report already counts the same problem (each problem counted once).
 */
export function countsAsOwnProblem(
  group: CountableFlagGroup,
  groups: readonly CountableFlagGroup[],
): boolean {
  if (group.source !== 'value') return true;
  const uploadCode = VALUE_FLAG_REPORTED_BY_UPLOAD[group.code];
  if (uploadCode === undefined) return true;
  return !groups.some((g) => g.source === 'upload' && g.code === uploadCode && g.count > 0);
}

/** How many problems a version's flag groups report, each problem counted once. */
export function reviewFlagCount(groups: readonly CountableFlagGroup[]): number {
  return groups
    .filter((group) => countsAsOwnProblem(group, groups))
    .reduce((sum, group) => sum + group.count, 0);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why an approval cannot go through as sent: a version with flags needs a note that says what
 * the curator made of them (recorded in the dataset's history); null when it may.
 */
export function approvalNoteProblem(flagCount: number, note: string): string | null {
  if (flagCount <= 0 || note.trim() !== '') return null;
  return `This version has ${plural(flagCount, 'quality flag', 'quality flags')}: approving it needs a note that acknowledges them (what you checked and why the data can be published as they are).`;
}
