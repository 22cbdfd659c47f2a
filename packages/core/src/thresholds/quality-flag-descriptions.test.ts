import { describe, expect, it } from 'vitest';
import { qualityFlagLabel } from '../format/quality-flags';
import { QUALITY_FLAG_DESCRIPTIONS, qualityFlagDescription } from './quality-flag-descriptions';
import {
  PLAUSIBLE_ABSOLUTE_RANGE_C,
  QUALITY_FLAGS,
  RELATIVE_TOLERANCE_C,
  THRESHOLD_ORDER_TEXT,
  UNTRUSTWORTHY_FLAG_CODES,
} from './quality-flags';

describe('QUALITY_FLAG_DESCRIPTIONS', () => {
  it('describes every flag once, untrustworthy ones first', () => {
    const codes = QUALITY_FLAG_DESCRIPTIONS.map((d) => d.code);
    expect([...codes].sort()).toEqual(Object.values(QUALITY_FLAGS).sort());
    expect(codes.slice(0, UNTRUSTWORTHY_FLAG_CODES.length).sort()).toEqual(
      [...UNTRUSTWORTHY_FLAG_CODES].sort(),
    );
  });

  it('says a flag hides its value exactly when it is untrustworthy', () => {
    for (const d of QUALITY_FLAG_DESCRIPTIONS) {
      expect(d.hiddenByHideFlagged, d.code).toBe(UNTRUSTWORTHY_FLAG_CODES.includes(d.code));
    }
  });

  it('writes every text, without placeholders', () => {
    for (const d of QUALITY_FLAG_DESCRIPTIONS) {
      for (const text of [d.label, d.title, d.meaning, d.howDecided, d.whatToDo]) {
        expect(text.length, d.code).toBeGreaterThan(5);
        expect(text).not.toMatch(/undefined|NaN|\$\{/);
      }
    }
  });

  it('takes the rule’s numbers from the rule’s constants', () => {
    const implausible = qualityFlagDescription(QUALITY_FLAGS.implausibleAbsolute)!;
    expect(implausible.howDecided).toContain(`${PLAUSIBLE_ABSOLUTE_RANGE_C.min} °C`);
    expect(implausible.howDecided).toContain(`${PLAUSIBLE_ABSOLUTE_RANGE_C.max} °C`);
    expect(qualityFlagDescription(QUALITY_FLAGS.relativeMismatch)!.howDecided).toContain(
      `${RELATIVE_TOLERANCE_C} °C`,
    );
    expect(qualityFlagDescription(QUALITY_FLAGS.inconsistentOrder)!.howDecided).toContain(
      THRESHOLD_ORDER_TEXT,
    );
  });

  it('gives the badges their labels, and knows no other codes', () => {
    for (const d of QUALITY_FLAG_DESCRIPTIONS) expect(qualityFlagLabel(d.code)).toBe(d.label);
    expect(qualityFlagDescription('some_future_flag')).toBeUndefined();
  });
});
