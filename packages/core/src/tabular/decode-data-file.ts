import Papa from 'papaparse';
import { decodeText, type TextEncodingName } from './decode-text';
import { csvFile } from './csv-file';
import { xlsxFile } from './xlsx-file';
import { isWorkbook, readXlsxRows, type SheetRow } from './read-xlsx';

/** The calculator's file picker `accept`: the same file types as the upload's. */
export const DATA_FILE_ACCEPT = [xlsxFile, csvFile]
  .flatMap((type) => [...type.extensions, ...type.mediaTypes])
  .join(',');

/**
 * A data file of the ED calculator (web worker and CLI) as CSV text: a workbook's first sheet
 * (read-xlsx.ts) written out as CSV — blank rows kept, so the engine's row numbers are the
 * sheet's — or a text file by the one text decoder. The calculator then parses both alike.
 */
export type DataFileText =
  | { ok: true; text: string; encoding: TextEncodingName; workbook: boolean }
  | { ok: false; problem: string; fix: string };

export function decodeDataFile(bytes: Uint8Array): DataFileText {
  if (!isWorkbook(bytes)) return { ok: true, ...decodeText(bytes), workbook: false };
  const read = readXlsxRows(bytes);
  if (!read.ok) return { ok: false, problem: read.problem, fix: read.fix };
  // A workbook's text is Unicode throughout (its XML is UTF-8).
  return { ok: true, text: sheetAsCsv(read.rows), encoding: 'utf-8', workbook: true };
}

/** The rows as CSV, with a blank line for every row the sheet leaves empty. */
export function sheetAsCsv(rows: readonly SheetRow[]): string {
  const lines: string[][] = [];
  for (const { row, cells } of rows) {
    while (lines.length < row - 1) lines.push([]);
    lines.push(cells);
  }
  return Papa.unparse(lines);
}
