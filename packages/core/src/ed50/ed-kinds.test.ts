import { describe, expect, it } from 'vitest';
import {
  THRESHOLD_KIND_INFO,
  perThresholdKind,
  type ThresholdKind,
} from '../thresholds/threshold-kinds';
import { MIDPOINT_KIND, OUTERMOST_KINDS, TAIL_KINDS, perKind, sideOf } from './ed-kinds';
import { drcEffectiveDose, effectiveDoses } from './ed-values';

describe('the calculator’s view of the threshold kinds', () => {
  it('fits the ED50 directly; ED5 is the lower tail, ED95 the upper one', () => {
    expect(MIDPOINT_KIND).toBe('ed50');
    expect(sideOf('ed5')).toBe('lower');
    expect(sideOf('ed50')).toBe('midpoint');
    expect(sideOf('ed95')).toBe('upper');
    expect(TAIL_KINDS).toEqual(['ed5', 'ed95']);
    expect(OUTERMOST_KINDS).toEqual({ first: 'ed5', last: 'ed95' });
  });

  it('perKind builds the same record as the registry’s perThresholdKind', () => {
    const label = (kind: ThresholdKind) => THRESHOLD_KIND_INFO[kind].edLabel;
    expect(perKind(label)).toEqual(perThresholdKind(label));
  });
});

describe('effectiveDoses', () => {
  it('is drc’s ED formula at each kind’s level, and the fitted ED50 itself at the midpoint', () => {
    for (const [hill, ed50] of [
      [43.7, 36.12],
      [-12.5, 38.4],
      [0.8, 30.05],
    ] as const) {
      const doses = effectiveDoses(hill, ed50);
      expect(doses.ed50).toBe(ed50);
      expect(doses.ed5).toBe(drcEffectiveDose(hill, ed50, 5));
      expect(doses.ed95).toBe(drcEffectiveDose(hill, ed50, 95));
      // drc's formula at 50 gives e · 1^(1/b) = e exactly (R's pow(1, y) is 1).
      expect(drcEffectiveDose(hill, ed50, 50)).toBe(ed50);
    }
  });

  it('keeps the ED50 where JavaScript’s 1 ** (1 / b) is NaN (b = 0), as R does', () => {
    // R's 1^Inf is 1 (rPow); V8's 1 ** Infinity would be NaN.
    expect(Number.isNaN(1 ** (1 / 0))).toBe(true);
    expect(drcEffectiveDose(0, 36, 50)).toBe(36);
    expect(effectiveDoses(0, 36).ed50).toBe(36);
  });
});
