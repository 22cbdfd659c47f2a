import { describe, expect, it } from 'vitest';
import {
  absoluteValueFlags,
  doiUrl,
  isPlaceholderPublication,
  formatCoordinates,
  formatDataAccess,
  formatLongUsDate,
  isImpossibleDate,
  formatOwner,
  formatStatisticCount,
  formatValue,
  morePublicationsLabel,
  qualityFlagLabel,
  splitCardPublications,
} from './index';

describe('formatStatisticCount', () => {
  it.each([
    [0, '0'],
    [11, '11'],
    [682, '682'],
    [999, '999'],
    [1000, '1+'],
    [1999, '1+'],
    [2500, '2+'],
    [2991, '2+'],
    [12345, '12+'],
    [Number.NaN, '0'],
  ])('%s → %s', (count, shown) => {
    expect(formatStatisticCount(count)).toBe(shown);
  });
});

describe('formatDataAccess', () => {
  it.each([
    [true, '24/7'],
    [false, 'Limited'],
  ])('%s → %s', (open, label) => {
    expect(formatDataAccess(open)).toBe(label);
  });
});

describe('isImpossibleDate', () => {
  const today = new Date('2026-11-24T12:00:00Z');
  it('marks a calendar date after today, such as the seed’s year 2222', () => {
    expect(isImpossibleDate('2222-08-07', today)).toBe(true);
    expect(isImpossibleDate('2026-11-25', today)).toBe(true);
  });
  it('accepts today, the past, and leaves what it cannot read alone', () => {
    expect(isImpossibleDate('2026-11-24', today)).toBe(false);
    expect(isImpossibleDate('2018-08-07', today)).toBe(false);
    expect(isImpossibleDate(null, today)).toBe(false);
    expect(isImpossibleDate('not a date', today)).toBe(false);
  });
});

describe('formatLongUsDate', () => {
  it.each([
    ['2025-12-20', 'December 20, 2025'],
    ['2026-01-12', 'January 12, 2026'],
    ['2022-03-01', 'March 1, 2022'],
    ['2026-11-21T05:21:43.396Z', 'November 21, 2026'],
    ['2026-01-01T00:30:00+02:00', 'December 31, 2025'],
    ['not a date', 'not a date'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (value, shown) => {
    expect(formatLongUsDate(value)).toBe(shown);
  });
});

describe('doiUrl', () => {
  it.each([
    ['10.21203/rs.3.rs-8231598/v1', 'https://doi.org/10.21203/rs.3.rs-8231598/v1'],
    [' 10.1111/gcb.15148 ', 'https://doi.org/10.1111/gcb.15148'],
    ['https://doi.org/10.1002/lom3.10555', 'https://doi.org/10.1002/lom3.10555'],
    ['http://dx.doi.org/10.1002/lom3.10555', 'https://doi.org/10.1002/lom3.10555'],
    ['doi:10.1002/lom3.10555', 'https://doi.org/10.1002/lom3.10555'],
    ['No doi available', null],
    ['no DOI available', null],
    ['NA', null],
    ['N/A', null],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    ['10.12/too-short-registrant', null],
  ])('%j → %j', (doi, url) => {
    expect(doiUrl(doi)).toBe(url);
  });
});

describe('splitCardPublications and morePublicationsLabel', () => {
  it.each([
    [0, 0, 0, null],
    [1, 1, 0, null],
    [2, 2, 0, null],
    [3, 2, 1, '+1 more publications'],
    [7, 2, 5, '+5 more publications'],
  ])('%s publications → %s shown, %s hidden, %j', (total, shown, hidden, label) => {
    const split = splitCardPublications(Array.from({ length: total }, (_, i) => i));
    expect(split.shown).toHaveLength(shown);
    expect(split.hiddenCount).toBe(hidden);
    expect(morePublicationsLabel(split.hiddenCount)).toBe(label);
  });
});

describe('formatOwner', () => {
  it.each([
    [{ username: 'chris' }, 'chris'],
    [{ username: '  ' }, 'Unknown'],
    [null, 'Unknown'],
    [undefined, 'Unknown'],
  ])('%j → %s', (owner, shown) => {
    expect(formatOwner(owner)).toBe(shown);
  });
});

describe('formatValue and formatCoordinates', () => {
  it.each([
    [37.57, '37.57'],
    [36.7, '36.70'],
    [0, '0.00'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    [Number.NaN, 'N/A'],
  ])('value %s → %s', (value, shown) => {
    expect(formatValue(value)).toBe(shown);
  });

  it('gives coordinates to 4 decimals', () => {
    expect(formatCoordinates(-18.20583554, 177.6889888)).toBe('-18.2058, 177.6890');
  });
});

describe('qualityFlagLabel and absoluteValueFlags', () => {
  it.each([
    ['implausible_absolute', 'implausible value (failed curve fit)'],
    ['missing_mmm', 'no MMM climatology'],
    ['relative_mismatch', 'relative value disagrees with absolute − MMM'],
    ['inconsistent_order', 'ED5 ≤ ED50 ≤ ED95 does not hold'],
    ['some_new_flag', 'some new flag'],
  ])('%s → %s', (flag, label) => {
    expect(qualityFlagLabel(flag)).toBe(label);
  });

  it.each([
    [[], []],
    [['missing_mmm'], []],
    [['relative_mismatch'], []],
    [['implausible_absolute', 'missing_mmm'], ['implausible_absolute']],
    [['inconsistent_order'], ['inconsistent_order']],
  ])('%j → %j', (flags, kept) => {
    expect(absoluteValueFlags(flags)).toEqual(kept);
  });
});

describe('isPlaceholderPublication', () => {
  it.each([
    [{ title: 'No publications available', doi: 'No doi available' }, true],
    [{ title: 'no publication available.', doi: null }, true],
    [{ title: 'No publications available', doi: '10.1111/gcb.15148' }, false],
    [{ title: 'Summer temperature maxima…', doi: '10.21203/rs.3.rs-8231598/v1' }, false],
  ])('%j → %s', (publication, expected) => {
    expect(isPlaceholderPublication(publication)).toBe(expected);
  });
});
