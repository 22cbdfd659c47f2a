import type { TColonyPage } from '@coral/core';
import { describe, expect, it } from 'vitest';
import { COLONY_658 } from '../testing/colony-658';
import { differs, refitColony } from './refit';

describe('refitColony', () => {
  it('fits each assay of colony 658 (seed) and matches the stored ED50 per condition', () => {
    const series = refitColony(COLONY_658);
    expect(series.map((s) => s.label)).toEqual(['Summer · 420', 'Winter · 420']);
    for (const s of series) {
      expect(s.points).toHaveLength(4);
      expect(s.curve?.predicted.length).toBeGreaterThan(10);
      expect(s.refit.ed50).not.toBeNull();
    }
    const winter = series.find((s) => s.condition === 'Winter')!;
    expect(winter.stored).toEqual({ ed50: 37.57, ed5: 35.83, ed95: 39.38 });
    // The refit lies in the assay's range and close to what CBASSED50 stored for it.
    expect(winter.refit.ed50!).toBeGreaterThan(37);
    expect(winter.refit.ed50!).toBeLessThan(38.2);
  });

  it('leaves out observations without temperature or PAM value, and a colony without any has no series', () => {
    const onlyGaps: TColonyPage = {
      ...COLONY_658,
      observations: COLONY_658.observations.map((o) => ({ ...o, pam_value: null })),
    };
    expect(refitColony(onlyGaps)).toEqual([]);
  });

  it('explains why an assay with too few temperatures is not fitted', () => {
    const three: TColonyPage = {
      ...COLONY_658,
      observations: COLONY_658.observations.filter((o) => o.temperature !== 39),
    };
    const series = refitColony(three);
    expect(series.every((s) => s.curve === null && s.refit.ed50 === null)).toBe(true);
    expect(series[0]!.notes.map((n) => n.message).join(' ')).toMatch(/temperature/i);
  });
});

describe('differs', () => {
  it('compares values as printed, to 2 decimals', () => {
    expect(differs(37.57, 37.5749)).toBe(false);
    expect(differs(37.57, 37.58)).toBe(true);
    expect(differs(null, 37.5)).toBe(true);
    expect(differs(null, null)).toBe(false);
  });
});
