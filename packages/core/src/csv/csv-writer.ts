/**
 * A small RFC 4180 CSV writer for files that people open in spreadsheets:
 * - CRLF line ends; a field is quoted when it holds a comma, a double quote, CR or LF, and
 *   double quotes inside it are doubled;
 * - text cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab
 *   or CR) get a leading apostrophe (OWASP "CSV injection"); numbers are written as numbers and
 *   never altered, so -3.5 stays -3.5;
 * - null/undefined and non-finite numbers are empty cells.
 * The caller decides about a byte-order mark (UTF8_BOM) at the start of the file.
 */
export type CsvCell = string | number | null | undefined;

export const CSV_LINE_END = '\r\n';
/** Written first so that Excel reads the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Text as a spreadsheet will show it, never as a formula it would run. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function formatCsvCell(cell: CsvCell): string {
  if (cell == null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = neutraliseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export function formatCsvRow(cells: readonly CsvCell[]): string {
  return cells.map(formatCsvCell).join(',') + CSV_LINE_END;
}
