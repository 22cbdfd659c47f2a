import { rNumericLabel } from '../r-labels';
import { matchColumns, type ColumnRecognition } from '../column-spec';
import type { CsvRecord } from '../csv-table';
import { isMissingCell } from '../values';
import type { DataTable } from '../data-table';
import { RAW_CBASS_COLUMNS } from './columns';

/**
 * THE raw CBASS reader, shared by the ED calculator (ed50/parse-cbass-csv.ts) and the upload's
 * raw format (upload/formats/raw-cbass/read-rows.ts), so that a file the calculator computed and
 * the same file uploaded with the calculator's ED50_Results.csv are read alike: the same CSV
 * reader (../csv-table.ts, after the one text decoder), the same columns (columns.ts) found by
 * the same header recognition, the same missing cells (../values.ts isMissingCell), the same
 * numbers (util/parse-decimal.ts) and the same labels (R's read.csv, below).
 *
 * Where the two readers were lenient in different ways, this is what was chosen (decision 0011):
 * - Column names: both accept a name in another letter case, with other separators, a unit in
 *   brackets or accents ("PAM value", "Temperature (°C)"), and report it. Only the upload also
 *   takes synonyms ("Fv/Fm" for Pam_value, "lat"): the calculator names CBASSED50's own column
 *   instead, because its published reference tests define its input as CBASSED50's and a
 *   renamed measurement is worth a look before computing.
 * - Missing cells: one rule for both, empty or NA, N/A, NaN, null, none, -, -- in any case
 *   (the calculator knew only R's "NA" and empty). A PAM value "n/a" is no longer "not a
 *   number" for the calculator, and a label written so is missing in both: the calculator skips
 *   the row saying so, the upload asks for the value.
 * - Labels: one rule for both, R's read.csv (a label column whose every value is a number is
 *   read as numbers: Genotype "01" → "1", Timepoint "420.0" → "420"). The upload used to
 *   normalise Genotype and Timepoint cell by cell and no other label; it now stores exactly the
 *   labels the calculator writes into GroupingProperty (a numeric Site "01" now matches its ED
 *   row), and a genotype column mixing "01" and "A2" keeps "01" as written.
 * - Rows: kept different on purpose. The calculator skips an incomplete row with a warning, as
 *   CBASSED50 does (its results stay CBASSED50's); the upload stores data, so it refuses a row
 *   it cannot store and keeps a row without PAM value (stored empty). Likewise the calculator
 *   only needs temperatures above 0 °C (its model), the upload checks plausible ranges.
 */
export type RawCbassReader = 'calculator' | 'upload';

export interface RawCbassTable {
  recognition: ColumnRecognition;
  /**
   * Every named column: canonical name → position for the format's columns, header text (trimmed)
   * for other columns (the calculator keeps them as grouping candidates).
   */
  columns: Map<string, number>;
  /** Other columns whose name repeats one already read (only the first is read). */
  repeatedColumns: { found: string; position: number }[];
  /** Label columns whose labels R writes differently ("01" → "1"), with the first such cell. */
  numericLabels: Map<string, { normalise: (raw: string) => string; example: string }>;
}

/** Reads the header and the labels of a raw CBASS table; the rows are the reader's business. */
export function readRawCbassTable(table: DataTable, reader: RawCbassReader): RawCbassTable {
  // The optional MMM is the upload's column; to the calculator it is one more column.
  const specs =
    reader === 'upload' ? RAW_CBASS_COLUMNS : RAW_CBASS_COLUMNS.filter((c) => c.required);
  const recognition = matchColumns(table.header, specs, { synonyms: reader === 'upload' });
  const columns = new Map<string, number>();
  for (const spec of specs) {
    const position = recognition.index.get(spec.id);
    if (position !== undefined) columns.set(spec.name, position);
  }
  const repeatedColumns: RawCbassTable['repeatedColumns'] = [];
  for (const { found, position } of recognition.ignored) {
    const name = found.trim();
    if (columns.has(name)) repeatedColumns.push({ found, position });
    else columns.set(name, position);
  }
  const measurement = new Set(specs.filter((c) => !c.label).map((c) => c.name));
  const labelColumns = [...columns].filter(([name]) => !measurement.has(name));
  return {
    recognition,
    columns,
    repeatedColumns,
    numericLabels: numericLabelColumns(table.records, labelColumns),
  };
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * R's read.csv turns a column whose every value is a number into a numeric column, so a label
 * "01" becomes 1 and CBASSED50 writes GroupingProperty "..._1". To produce the same keys, label
 * columns that are entirely numeric are normalised the same way. Returns, per column where this
 * changes a label, the function mapping a cell to its label and the first cell it changes.
 */
export function numericLabelColumns(
  records: readonly CsvRecord[],
  columns: Iterable<readonly [string, number]>,
): Map<string, { normalise: (raw: string) => string; example: string }> {
  const result = new Map<string, { normalise: (raw: string) => string; example: string }>();
  for (const [column, position] of columns) {
    // One pass per column, stopping at the first label that is not a number (the usual case).
    let present = 0;
    let numeric = true;
    let integers = true;
    for (const record of records) {
      const cell = record.cells[position];
      if (isMissingCell(cell)) continue;
      present++;
      const text = cell!.trim();
      if (!DECIMAL.test(text)) {
        numeric = false;
        break;
      }
      if (integers && !(INTEGER.test(text) && Math.abs(Number(text)) < 2 ** 31)) integers = false;
    }
    if (present === 0 || !numeric) continue;
    const labels = new Map<string, string>();
    const normalise = (raw: string): string => {
      if (isMissingCell(raw)) return raw;
      let label = labels.get(raw);
      if (label === undefined) {
        const value = Number(raw.trim());
        label = rNumericLabel(value, integers);
        labels.set(raw, label);
      }
      return label;
    };
    for (const record of records) {
      const cell = record.cells[position];
      if (cell !== undefined && normalise(cell) !== cell) {
        result.set(column, { normalise, example: cell });
        break;
      }
    }
  }
  return result;
}
