import { describe, expect, it } from 'vitest';
import { workbookBytes } from '../../test/xlsx-test-files';
import { readCsvTable } from './csv-table';
import { decodeDataFile } from './decode-data-file';

const inline = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;

describe('decodeDataFile: what the ED calculator reads', () => {
  it('a workbook becomes CSV text whose rows keep the sheet’s numbers and cells', () => {
    const bytes = workbookBytes({
      sheetData:
        `<row r="2">${inline('A2', 'Site')}${inline('B2', 'Note')}</row>` +
        `<row r="5">${inline('A5', 'Reef, north')}${inline('B5', 'said &quot;hi&quot;\nthen left')}</row>` +
        `<row r="6"><c r="B6"><v>36.5</v></c></row>`,
    });
    const decoded = decodeDataFile(bytes);
    if (!decoded.ok) throw new Error(decoded.problem);
    expect(decoded).toMatchObject({ encoding: 'utf-8', workbook: true });
    const table = readCsvTable(decoded.text);
    expect(table.header).toEqual(['Site', 'Note']);
    expect(table.headerRow).toBe(2);
    expect(table.records).toEqual([
      { row: 5, cells: ['Reef, north', 'said "hi"\nthen left'] },
      { row: 6, cells: ['', '36.5'] },
    ]);
  });

  it('text stays text; an unreadable workbook gives its message', () => {
    expect(decodeDataFile(new TextEncoder().encode('a,b\n1,2'))).toMatchObject({
      ok: true,
      text: 'a,b\n1,2',
      workbook: false,
    });
    expect(decodeDataFile(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]))).toMatchObject({
      ok: false,
      problem:
        'This file is an old Excel workbook (.xls) or a password-protected workbook, which cannot be read.',
    });
  });
});
