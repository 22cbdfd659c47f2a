import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { datasheet } from '../../test/upload-test-files';
import { workbookBytes, workbookDatasheet } from '../../test/xlsx-test-files';
import { readUploadTable } from '../upload/formats/registry';
import { readXlsxRows, XLSX_LIMITS } from './read-xlsx';

const rowsOf = (bytes: Uint8Array) => {
  const read = readXlsxRows(bytes);
  if (!read.ok) throw new Error(read.problem);
  return read.rows;
};

describe('readXlsxRows: the first sheet as the text a CSV export holds', () => {
  it.each(['cbass_84', 'cbass_dataset_raw', 'cbass_dataset_ED50_Results'])(
    '%s.xlsx (written by exceljs) reads as the same table as %s.csv',
    (name) => {
      const workbook = readUploadTable(workbookDatasheet(`${name}.xlsx`).bytes);
      const csv = readUploadTable(datasheet(`${name}.csv`).bytes);
      if (!workbook.ok || !csv.ok) throw new Error('unreadable fixture');
      const { delimiter: _delimiter, ...csvTable } = csv.table as typeof csv.table & {
        delimiter?: string;
      };
      expect(workbook.table).toEqual(csvTable);
      expect(workbook.table.records.length).toBeGreaterThan(50);
    },
  );

  it('reads shared, rich, inline and formula strings, numbers, booleans and errors', () => {
    const bytes = workbookBytes({
      sharedStrings: [
        '<t>Site</t>',
        '<r><rPr><b/></rPr><t>Al </t></r><r><t xml:space="preserve">Fahal</t></r><rPh><t>x</t></rPh>',
        '<t>a &amp; b_x000D_</t>',
      ],
      sheetData:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>' +
        '<row r="2"><c r="A2"><v>36.5</v></c><c r="B2"><v>0.30000000000000004</v></c><c r="C2" t="inlineStr"><is><t>inline</t></is></c>' +
        '<c r="D2" t="str"><f>A1</f><v>formula</v></c><c r="E2" t="b"><v>1</v></c><c r="F2" t="e"><v>#N/A</v></c><c r="G2"><v>1E-3</v></c></row>',
    });
    expect(rowsOf(bytes)).toEqual([
      { row: 1, cells: ['Site', 'Al Fahal', 'a & b\r'] },
      {
        row: 2,
        cells: ['36.5', '0.30000000000000004', 'inline', 'formula', 'TRUE', '#N/A', '0.001'],
      },
    ]);
  });

  it('places sparse cells by their reference and keeps spreadsheet row numbers', () => {
    const bytes = workbookBytes({
      sheetData:
        '<row r="3"><c r="A3" t="inlineStr"><is><t>h1</t></is></c><c r="C3" t="inlineStr"><is><t>h3</t></is></c></row>' +
        '<row r="4"><c r="B4"/></row>' +
        '<row r="7"><c r="AA7"><v>2</v></c></row>',
    });
    const rows = rowsOf(bytes);
    expect(rows[0]).toEqual({ row: 3, cells: ['h1', '', 'h3'] });
    expect(rows[1]!.row).toBe(7); // the blank row 4 is left out, as CSV blank lines are
    expect(rows[1]!.cells).toHaveLength(27);
    expect(rows[1]!.cells[26]).toBe('2');
  });

  it('turns numbers in date-formatted cells into ISO dates (built-in, custom, 1904 system)', () => {
    const sheetData =
      '<row r="1"><c r="A1" s="1"><v>43319</v></c><c r="B1" s="2"><v>43319</v></c>' +
      '<c r="C1" s="3"><v>43319</v></c><c r="D1" s="4"><v>43319.5</v></c><c r="E1" s="0"><v>43319</v></c></row>';
    const styles = {
      numFmts:
        '<numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="0.00&quot;d&quot;"/>',
      cellXfs:
        '<xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="22"/>',
    };
    expect(rowsOf(workbookBytes({ sheetData, ...styles }))[0]!.cells).toEqual([
      '2018-08-07',
      '2018-08-07',
      '43319', // "d" only inside quotes: not a date format
      '2018-08-07 12:00',
      '43319',
    ]);
    const mac = rowsOf(workbookBytes({ sheetData, ...styles, date1904: true }));
    expect(mac[0]!.cells[0]).toBe('2022-08-08');
  });
});

describe('readXlsxRows: bad workbooks are refused with a clear message', () => {
  it('a corrupt (cut short) workbook', () => {
    const bytes = workbookDatasheet('cbass_84.xlsx').bytes;
    const read = readXlsxRows(bytes.subarray(0, bytes.length - 200));
    expect(read).toMatchObject({ ok: false, reason: 'not-xlsx' });
    expect(!read.ok && read.problem).toMatch(/^This file is not a readable Excel workbook/);
  });

  it('a ZIP that is not a workbook', () => {
    const read = readXlsxRows(zipSync({ 'notes.txt': strToU8('hello') }));
    expect(!read.ok && read.problem).toBe(
      'This file is not a readable Excel workbook (.xlsx): it has no xl/workbook.xml.',
    );
  });

  it('an old .xls or a password-protected workbook (OLE file) renamed .xlsx', () => {
    const ole = new Uint8Array([
      0xd0,
      0xcf,
      0x11,
      0xe0,
      0xa1,
      0xb1,
      0x1a,
      0xe1,
      ...new Array<number>(504).fill(0),
    ]);
    const read = readUploadTable(ole);
    expect(read).toMatchObject({
      ok: false,
      problem:
        'This file is an old Excel workbook (.xls) or a password-protected workbook, which cannot be read.',
    });
    expect(!read.ok && read.fix).toMatch(/save it as "Excel Workbook \(\.xlsx\)" or as "CSV UTF-8/);
  });

  it('an empty first sheet', () => {
    const read = readUploadTable(workbookBytes({ sheetData: '<row r="1"><c r="A1"/></row>' }));
    expect(read).toMatchObject({
      ok: false,
      reason: 'empty',
      problem: "The workbook's first sheet is empty.",
    });
  });

  it('a zip bomb: stops inflating once past the uncompressed limit', () => {
    const huge = `<row r="1"><c r="A1" t="inlineStr"><is><t>${'0'.repeat(4_000_000)}</t></is></c></row>`;
    const bytes = workbookBytes({ sheetData: huge });
    expect(bytes.length).toBeLessThan(100_000);
    const read = readXlsxRows(bytes, { ...XLSX_LIMITS, maxUncompressedBytes: 1024 * 1024 });
    expect(read).toMatchObject({ ok: false, reason: 'too-large' });
    expect(!read.ok && read.problem).toBe(
      'The workbook unpacks to more than 1 MB, more than a workbook may have here.',
    );
  });

  it('too many cells', () => {
    const cells = Array.from({ length: 6 }, (_, i) => `<c r="A${i + 1}"><v>${i}</v></c>`);
    const bytes = workbookBytes({ sheetData: `<row r="1">${cells.join('')}</row>` });
    const read = readXlsxRows(bytes, { ...XLSX_LIMITS, maxCells: 5 });
    expect(!read.ok && read.problem).toBe(
      "The workbook's first sheet has 6 cells, more than the 5 a workbook may have here.",
    );
  });
});
