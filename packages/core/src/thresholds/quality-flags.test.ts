import { describe, expect, it } from 'vitest';
import { entryQualityFlags, isOrderConsistent, isUntrustworthy } from './quality-flags';
import type { ThresholdKind } from './threshold-kinds';

describe('entryQualityFlags', () => {
  it.each([
    { abs: 37.57, rel: 9.12, mmm: 28.45, flags: [] },
    { abs: 15, rel: null, mmm: null, flags: ['missing_mmm'] },
    { abs: 45, rel: 16.55, mmm: 28.45, flags: [] },
    { abs: 2365.11, rel: 2336.66, mmm: 28.45, flags: ['implausible_absolute'] },
    { abs: 4532757.21, rel: null, mmm: null, flags: ['implausible_absolute', 'missing_mmm'] },
    { abs: 1.23, rel: -27.22, mmm: 28.45, flags: ['implausible_absolute'] },
    { abs: 37.57, rel: 5, mmm: 28.45, flags: ['relative_mismatch'] },
    { abs: null, rel: null, mmm: 28.45, flags: [] },
  ])('abs $abs rel $rel mmm $mmm → $flags', ({ abs, rel, mmm, flags }) => {
    expect(entryQualityFlags({ abs, rel, mmm })).toEqual(flags);
  });
});

describe('isUntrustworthy', () => {
  it('excludes failed fits and inconsistent relatives but not a missing MMM', () => {
    expect(isUntrustworthy(['implausible_absolute'])).toBe(true);
    expect(isUntrustworthy(['relative_mismatch'])).toBe(true);
    expect(isUntrustworthy(['missing_mmm'])).toBe(false);
    expect(isUntrustworthy([])).toBe(false);
  });
});

describe('isOrderConsistent', () => {
  it.each([
    [35.83, 37.57, 39.38, true],
    [37.57, 37.57, 37.57, true],
    [38, 37.57, 39.38, false],
    [35, 37, 36, false],
    [null, 37, 36, false],
    [null, 37, null, true],
    [null, null, null, true],
  ])('%s ≤ %s ≤ %s is %s', (ed5, ed50, ed95, expected) => {
    const values: Partial<Record<ThresholdKind, number | null>> = { ed5, ed50, ed95 };
    expect(isOrderConsistent((kind) => values[kind])).toBe(expected);
  });
});
