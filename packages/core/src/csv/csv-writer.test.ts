import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { formatCsvCell, formatCsvRow, neutraliseFormula } from './csv-writer';

describe('formatCsvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ["O'Brien; <b>bold</b>", "O'Brien; <b>bold</b>"],
    ["x'); DROP TABLE colonies;--", "x'); DROP TABLE colonies;--"],
  ])('quotes only what RFC 4180 requires: %j', (input, expected) => {
    expect(formatCsvCell(input)).toBe(expected);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
  ])('neutralises a text cell a spreadsheet would run: %j', (input, expected) => {
    expect(formatCsvCell(input)).toBe(expected);
  });

  it('writes numbers as numbers, never neutralised, and empties for missing values', () => {
    expect(formatCsvCell(-3.5)).toBe('-3.5');
    expect(formatCsvCell(0)).toBe('0');
    expect(formatCsvCell(4532757.21)).toBe('4532757.21');
    expect(formatCsvCell(Number.NaN)).toBe('');
    expect(formatCsvCell(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatCsvCell(null)).toBe('');
    expect(formatCsvCell(undefined)).toBe('');
  });

  it('leaves text that merely contains a trigger character alone', () => {
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula(' =x')).toBe(' =x');
  });
});

describe('formatCsvRow', () => {
  it('ends records with CRLF and parses back to the same values', () => {
    const cells = ['a,b', 'say "hi"', 'two\nlines', 'π ≈ 3.14 — ok', 12.5, null];
    const line = formatCsvRow(cells);
    expect(line.endsWith('\r\n')).toBe(true);
    const parsed = Papa.parse<string[]>(line, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([['a,b', 'say "hi"', 'two\nlines', 'π ≈ 3.14 — ok', '12.5', '']]);
  });
});
