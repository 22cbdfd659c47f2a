import { readCsvTable } from '../tabular/csv-table';
import { PLAUSIBLE_MMM_RANGE_C } from '../thresholds/quality-flags';

/** Each site's (or other grouping value's) maximum monthly mean, as read from a small CSV file. */
export interface MmmTable {
  /** The grouping column the first column names, e.g. "Site". */
  column: string;
  mmm: Map<string, number>;
}

export type MmmTableResult =
  { table: MmmTable; problems: [] } | { table: null; problems: string[] };

/**
 * Why a cell is not an MMM, or null: it must be a number of °C within the plausible range
 * (`PLAUSIBLE_MMM_RANGE_C`, 15–35 °C; no reef's warmest month is outside it). The one rule for an
 * MMM file's cells and the calculator page's typed MMMs.
 */
export function mmmValueProblem(text: string): string | null {
  const value = Number(text);
  const { min, max } = PLAUSIBLE_MMM_RANGE_C;
  return text === '' || !Number.isFinite(value) || value < min || value > max
    ? `MMM "${text}" is not a temperature between ${min} and ${max} °C.`
    : null;
}

/**
 * A table of MMM values: a header with a grouping column (e.g. Site) and a column named MMM, one
 * row per value of that column (decision 0061). Every problem is reported: a missing MMM column,
 * an MMM that is not a number or outside 15–35 °C (`mmmValueProblem`), a value given twice.
 */
export function readMmmTable(text: string, groupingColumns: readonly string[]): MmmTableResult {
  const csv = readCsvTable(text);
  const header = csv.header.map((cell) => cell.trim());
  const mmmAt = header.findIndex((cell) => cell.toLowerCase() === 'mmm');
  const keyAt = header.findIndex((cell) => groupingColumns.includes(cell));
  const problems: string[] = [];
  if (mmmAt < 0) problems.push('The MMM file needs a column named MMM.');
  if (keyAt < 0) {
    problems.push(
      `The MMM file needs one of the grouping columns (${groupingColumns.join(', ')}) to say which MMM is whose.`,
    );
  }
  if (problems.length > 0) return { table: null, problems };
  const mmm = new Map<string, number>();
  for (const record of csv.records) {
    const key = (record.cells[keyAt] ?? '').trim();
    const text = (record.cells[mmmAt] ?? '').trim();
    const problem = mmmValueProblem(text);
    if (problem) {
      problems.push(`Row ${record.row}: ${problem}`);
    } else if (mmm.has(key)) {
      problems.push(`Row ${record.row}: ${header[keyAt]} "${key}" has an MMM already.`);
    } else {
      mmm.set(key, Number(text));
    }
  }
  return problems.length > 0
    ? { table: null, problems }
    : { table: { column: header[keyAt]!, mmm }, problems: [] };
}

/**
 * The MMM values typed per value of `column` (the calculator page's table), read by the rule of
 * the file's cells: blank cells give no MMM (`mmmTableProblems` says whose is missing), every
 * other cell must be an MMM (`mmmValueProblem`), its problem named by its value of the column.
 */
export function readTypedMmm(
  column: string,
  cells: readonly (readonly [key: string, text: string])[],
): MmmTableResult {
  const mmm = new Map<string, number>();
  const problems: string[] = [];
  for (const [key, raw] of cells) {
    const text = raw.trim();
    if (text === '') continue;
    const problem = mmmValueProblem(text);
    if (problem) problems.push(`${column} "${key}": ${problem}`);
    else mmm.set(key, Number(text));
  }
  return problems.length > 0 ? { table: null, problems } : { table: { column, mmm }, problems: [] };
}
