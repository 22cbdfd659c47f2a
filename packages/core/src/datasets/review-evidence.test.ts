import { describe, expect, it } from 'vitest';
import { approvalNoteProblem, countsAsOwnProblem, reviewFlagCount } from './review-evidence';

describe('approvalNoteProblem (decision 0055)', () => {
  it('lets a version without flags be approved without a note', () => {
    expect(approvalNoteProblem(0, '')).toBeNull();
  });

  it('refuses a flagged approval without a note, naming the count', () => {
    expect(approvalNoteProblem(29, '')).toBe(
      'This version has 29 quality flags: approving it needs a note that acknowledges them (what you checked and why the data can be published as they are).',
    );
    expect(approvalNoteProblem(1, ' \n ')).toMatch(/^This version has 1 quality flag: /);
  });

  it('accepts a flagged approval with a note', () => {
    expect(approvalNoteProblem(29, 'Coordinates checked with the owner.')).toBeNull();
  });
});

describe('reviewFlagCount (decision 0060)', () => {
  const upload = (code: string, count: number) => ({ source: 'upload' as const, code, count });
  const value = (code: string, count: number) => ({ source: 'value' as const, code, count });

  it('counts a problem the upload report and the stored values both report once', () => {
    // Two places without MMM: the report counts them per place, the values per ED value.
    const groups = [upload('missing_mmm', 2), value('missing_mmm', 30), upload('far_inland', 5)];
    expect(reviewFlagCount(groups)).toBe(7);
    expect(countsAsOwnProblem(groups[1]!, groups)).toBe(false);
    expect(countsAsOwnProblem(groups[0]!, groups)).toBe(true);
  });

  it('counts a failed fit once whether the value says implausible or out of order', () => {
    const groups = [
      upload('implausible_value', 3),
      value('implausible_absolute', 2),
      value('inconsistent_order', 1),
    ];
    expect(reviewFlagCount(groups)).toBe(3);
  });

  it('counts stored-value flags when no upload report counts the same problem', () => {
    expect(reviewFlagCount([value('missing_mmm', 30), upload('far_inland', 5)])).toBe(35);
    expect(reviewFlagCount([value('relative_mismatch', 4), upload('implausible_value', 1)])).toBe(
      5,
    );
    expect(reviewFlagCount([upload('missing_mmm', 0), value('missing_mmm', 3)])).toBe(3);
  });

  it('counts every species flag and every upload flag', () => {
    expect(
      reviewFlagCount([
        { source: 'taxon', code: 'species_near_match', count: 2 },
        upload('no_ed50', 1),
      ]),
    ).toBe(3);
  });
});
