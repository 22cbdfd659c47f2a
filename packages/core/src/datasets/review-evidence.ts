/**
 * What a curator sees before deciding on a version in review, and the rule that a version with
 * quality flags is approved only with a note that acknowledges them
 * (docs/decisions/0055-review-with-evidence.md).
 */

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why an approval cannot go through as sent: a version with flags needs a note that says what
 * the curator made of them (recorded in the dataset's history); null when it may.
 */
export function approvalNoteProblem(flagCount: number, note: string): string | null {
  if (flagCount <= 0 || note.trim() !== '') return null;
  return `This version has ${plural(flagCount, 'quality flag', 'quality flags')}: approving it needs a note that acknowledges them (what you checked and why the data can be published as they are).`;
}
