import { describe, expect, it } from 'vitest';
import { formatCelsius, formatLongUsLocalDate, moreItemsLabel, shownValueFlags } from './index';

/**
 * Display rules of the research cart page (product-spec §2 Research Cart, §5 display precision).
 */
describe('formatCelsius', () => {
  it.each([
    [37.57, '37.57°C'],
    [9.3, '9.30°C'],
    [-0.456, '-0.46°C'],
    [0, '0.00°C'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [Number.POSITIVE_INFINITY, 'N/A'],
  ])('%s → %s', (value, shown) => {
    expect(formatCelsius(value)).toBe(shown);
  });
});

describe('moreItemsLabel', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '+1 more'],
    [7, '+7 more'],
  ])('%s hidden → %j', (hidden, label) => {
    expect(moreItemsLabel(hidden)).toBe(label);
  });
});

describe('formatLongUsLocalDate', () => {
  it.each([
    ['2026-11-21T23:30:00.000Z', 'UTC', 'November 21, 2026'],
    ['2026-11-21T23:30:00.000Z', 'Pacific/Fiji', 'November 22, 2026'],
    ['2026-11-21T05:00:00.000Z', 'America/Los_Angeles', 'November 20, 2026'],
    ['2026-01-01T00:30:00+02:00', 'Europe/Berlin', 'December 31, 2025'],
  ])('%s in %s → %s', (value, timeZone, shown) => {
    expect(formatLongUsLocalDate(value, timeZone)).toBe(shown);
  });

  it('uses the runtime time zone by default', () => {
    const value = '2026-06-15T12:00:00.000Z';
    expect(formatLongUsLocalDate(value)).toBe(
      new Date(value).toLocaleDateString('en-US', {
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      }),
    );
  });

  it.each([
    ['not a date', 'not a date'],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (value, shown) => {
    expect(formatLongUsLocalDate(value, 'UTC')).toBe(shown);
  });
});

describe('shownValueFlags', () => {
  it.each([
    [[], []],
    [['missing_mmm'], []],
    [['implausible_absolute', 'missing_mmm'], ['implausible_absolute']],
    [['relative_mismatch'], ['relative_mismatch']],
    [['inconsistent_order'], ['inconsistent_order']],
    [['some_new_flag'], []],
  ])('%j → %j', (flags, kept) => {
    expect(shownValueFlags(flags)).toEqual(kept);
  });
});
