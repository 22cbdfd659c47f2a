import { describe, expect, it } from 'vitest';
import { normaliseNumericLabel, readDate, readNumber } from './values';
import { TODAY } from '../../test/upload-test-files';

describe('readDate', () => {
  it.each([
    ['2022-09-20', '2022-09-20'],
    ['20220920', '2022-09-20'],
    ['2022/9/2', '2022-09-02'],
    [' 2018-08-07 ', '2018-08-07'],
  ])('reads %s as %s', (cell, iso) => {
    expect(readDate(cell, TODAY)).toEqual({ ok: true, value: iso });
  });

  it.each([
    ['2222-01-01', 'in the future'],
    ['22220101', 'in the future'],
    ['2022-02-30', 'not a real calendar date'],
    ['20221301', 'not a real calendar date'],
    ['1949-12-31', 'before 1950'],
    ['01/02/2022', 'ambiguous'],
    ['20.09.2022', 'ambiguous'],
    ['yesterday', 'not a date'],
  ])('refuses %s (%s)', (cell, why) => {
    const result = readDate(cell, TODAY);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem).toContain(why);
      expect(result.fix).toContain('YYYY-MM-DD');
    }
  });
});

describe('readNumber', () => {
  it('reads decimal points, exponents and decimal commas (reported)', () => {
    expect(readNumber('36.5')).toEqual({ ok: true, value: 36.5, decimalComma: false });
    expect(readNumber('-18.2')).toEqual({ ok: true, value: -18.2, decimalComma: false });
    expect(readNumber('1e1')).toEqual({ ok: true, value: 10, decimalComma: false });
    expect(readNumber('0,55')).toEqual({ ok: true, value: 0.55, decimalComma: true });
  });
  it.each(['', 'NA', '36,5,1', '1.2.3', 'Infinity', '0x10', '37°C'])('refuses %j', (cell) => {
    expect(readNumber(cell).ok).toBe(false);
  });
});

describe('labels', () => {
  it('compares numeric genotypes and timepoints as numbers: 01 = 1, 420.0 = 420', () => {
    expect(normaliseNumericLabel('01')).toBe('1');
    expect(normaliseNumericLabel(' 420.0 ')).toBe('420');
    expect(normaliseNumericLabel('A01')).toBe('A01');
  });
});
