import type { CsvRecord } from './csv-table';
import { isWorkbook, readXlsxRows } from './read-xlsx';
import type { DataFileType, DataTable } from './data-table';

/**
 * An Excel workbook (.xlsx): its first sheet, read by the one workbook reader (../read-xlsx.ts),
 * becomes the same table a CSV export of it gives: blank rows are left out, the first row that is
 * not blank is the header, and rows keep their spreadsheet numbers. It also claims old .xls and
 * password-protected workbooks (OLE files), to refuse them saying to save as .xlsx or CSV.
 */
export const xlsxFile = {
  id: 'xlsx',
  extensions: ['.xlsx'],
  mediaTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  claims: isWorkbook,
  readsStart: false,
  readTable(bytes, options = {}) {
    const read = readXlsxRows(bytes);
    if (!read.ok) return read;
    const [header, ...data] = read.rows;
    // Empty cells are not stored: a row ending in them is padded to the header's width.
    const width = header!.cells.length;
    const padded = (cells: string[]) =>
      cells.length >= width ? cells : [...cells, ...Array<string>(width - cells.length).fill('')];
    const limit = options.maxRecords ?? Infinity;
    const records: CsvRecord[] = data
      .slice(0, limit)
      .map((row) => ({ row: row.row, cells: padded(row.cells) }));
    const table: DataTable = {
      header: header!.cells,
      headerRow: header!.row,
      records,
      // The whole sheet is read at once (a ZIP cannot be read in part), so every row is counted.
      recordCount: data.length,
      malformed: [],
    };
    return { ok: true, table, warning: null };
  },
} as const satisfies DataFileType;
