import { describe, expect, it } from 'vitest';
import { changeSummaryLabel, colonyCountLabel, fieldLabel } from './dataset-labels';

describe('changeSummaryLabel', () => {
  it("says 'First version' without a summary", () => {
    expect(changeSummaryLabel(null)).toBe('First version');
  });

  it('lists what changed, leaving out zeros', () => {
    expect(
      changeSummaryLabel({
        colonies_added: 3,
        colonies_changed: 1,
        colonies_removed: 2,
        thresholds_changed: 4,
      }),
    ).toBe('+3 colonies, ~1 changed, \u22122 removed, 4 thresholds changed');
    expect(
      changeSummaryLabel({
        colonies_added: 1,
        colonies_changed: 0,
        colonies_removed: 0,
        thresholds_changed: 1,
      }),
    ).toBe('+1 colony, 1 threshold changed');
    expect(
      changeSummaryLabel({
        colonies_added: 0,
        colonies_changed: 0,
        colonies_removed: 0,
        thresholds_changed: 0,
      }),
    ).toBe('No changes');
  });
});

describe('labels', () => {
  it('names fields and counts in words', () => {
    expect(fieldLabel('related_publications')).toBe('related publications');
    expect(fieldLabel('something_new')).toBe('something new');
    expect(colonyCountLabel(1)).toBe('1 colony');
    expect(colonyCountLabel(1200)).toBe('1,200 colonies');
  });
});
