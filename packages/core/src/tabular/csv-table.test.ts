import { describe, expect, it } from 'vitest';
import { readCsvTable } from './csv-table';

describe('readCsvTable: the one CSV reader (upload, preview, quick check, calculator)', () => {
  it('numbers records as spreadsheet rows, skipping blank lines and keeping quoted line breaks', () => {
    const table = readCsvTable('\uFEFFa,b\r\n"x\ny",1\r\n\r\n ,  \r\nz,2\r\n');
    expect(table.header).toEqual(['a', 'b']);
    expect(table.headerRow).toBe(1);
    expect(table.records).toEqual([
      { row: 2, cells: ['x\ny', '1'] },
      { row: 5, cells: ['z', '2'] },
    ]);
    expect(table.recordCount).toBe(2);
    expect(table.delimiter).toBe(',');
  });

  it('takes the first record that is not blank as the header, as read.csv does', () => {
    const table = readCsvTable('\n , \na,b\n1,2\n');
    expect(table).toMatchObject({
      header: ['a', 'b'],
      headerRow: 3,
      records: [{ row: 4, cells: ['1', '2'] }],
    });
    expect(readCsvTable('a;b\n1;2').delimiter).toBe(';');
  });

  it('reads the first records only, stopping or counting the rest', () => {
    const text = ['h', ...Array.from({ length: 10 }, (_, i) => `r${i}`), '', ''].join('\n');
    const stopped = readCsvTable(text, { maxRecords: 3 });
    expect(stopped.records.map((r) => r.cells[0])).toEqual(['r0', 'r1', 'r2']);
    expect(stopped.recordCount).toBe(3);
    const counted = readCsvTable(text, { maxRecords: 3, countAll: true });
    expect(counted.records).toEqual(stopped.records);
    expect(counted.recordCount).toBe(10);
    expect(readCsvTable(text).recordCount).toBe(10);
  });

  it('reports broken quoting by row, whole or limited', () => {
    const text = 'a,b\n1,2\n"3,4\n';
    expect(readCsvTable(text).malformed.map((m) => m.row)).toEqual([3]);
    expect(readCsvTable(text, { maxRecords: 5 }).malformed.map((m) => m.row)).toEqual([3]);
  });

  it('drops blank lines after the last record before parsing, keeping that record whole', () => {
    // Decision 0024: millions of trailing blank lines made millions of arrays.
    const sheet = 'a,b,c\n1,2,\n3,"x\n\ny",';
    const padded = `${sheet}\n${'\n'.repeat(1000)},,\n ; \n\r\n\t\n`;
    const table = readCsvTable(padded);
    expect(table).toEqual(readCsvTable(sheet));
    expect(table.records).toEqual([
      { row: 2, cells: ['1', '2', ''] },
      { row: 3, cells: ['3', 'x\n\ny', ''] },
    ]);
  });

  it('gives an empty header for a blank text', () => {
    expect(readCsvTable(' \n\n')).toMatchObject({ header: [], records: [], recordCount: 0 });
  });
});
