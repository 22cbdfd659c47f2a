import { readCsvTable } from '../tabular/csv-table';

/** Each site's (or other grouping value's) maximum monthly mean, as read from a small CSV file. */
export interface MmmTable {
  /** The grouping column the first column names, e.g. "Site". */
  column: string;
  mmm: Map<string, number>;
}

export type MmmTableResult =
  { table: MmmTable; problems: [] } | { table: null; problems: string[] };

/**
 * A table of MMM values: a header with a grouping column (e.g. Site) and a column named MMM, one
 * row per value of that column (decision 0061). Every problem is reported: a missing MMM column,
 * an MMM that is not a number or outside 0–40 °C (no reef has such a warmest month), a value
 * given twice.
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
    const value = Number(text);
    if (text === '' || !Number.isFinite(value) || value < 0 || value > 40) {
      problems.push(`Row ${record.row}: MMM "${text}" is not a temperature between 0 and 40 °C.`);
    } else if (mmm.has(key)) {
      problems.push(`Row ${record.row}: ${header[keyAt]} "${key}" has an MMM already.`);
    } else {
      mmm.set(key, value);
    }
  }
  return problems.length > 0
    ? { table: null, problems }
    : { table: { column: header[keyAt]!, mmm }, problems: [] };
}
