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
/** A plain number: a spreadsheet shows it as the number, it runs nothing. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The one rule of what a spreadsheet may run as a formula: a text starting with = + - @ tab CR. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** Text as a spreadsheet will show it, never as a formula it would run. */
export function neutraliseFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}

/**
 * A text refused at intake (docs/decisions/0052-faults-and-streams.md): the formula rule above,
 * less plain numbers ("-1" is shown as -1 and runs nothing). Refusing it at intake keeps it out of
 * the files written without neutralising (the Darwin Core Archive's tables, which harvesters read
 * as they are), so no file needs to alter a value.
 */
export function isFormulaText(text: string): boolean {
  return startsLikeFormula(text) && !PLAIN_NUMBER.test(text);
}

/** What to tell whoever typed a text refused by isFormulaText. */
export const FORMULA_TEXT_FIX =
  'Remove the leading character (= + - @): a spreadsheet would run this text as a formula.';

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
