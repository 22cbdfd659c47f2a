import { describe, expect, it } from 'vitest';
import { approvalNoteProblem } from './review-evidence';

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
