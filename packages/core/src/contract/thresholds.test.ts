import { describe, expect, it } from 'vitest';
import { maxMinAnswerFromBounds } from './thresholds';

describe('maxMinAnswerFromBounds', () => {
  it('answers like the max-min endpoints: absolute, relative and the ed aliases', () => {
    expect(
      maxMinAnswerFromBounds('ed5', { min_abs: 1, max_abs: 2, min_rel: 3, max_rel: null }),
    ).toEqual({
      min_abs_breakpoint_temperature: 1,
      max_abs_breakpoint_temperature: 2,
      min_rel_breakpoint_temperature: 3,
      max_rel_breakpoint_temperature: null,
      min_ed5: 1,
      max_ed5: 2,
      min_ed5_mmm: 3,
      max_ed5_mmm: null,
    });
  });
});
