import { readCsvTable } from '../tabular/csv-table';
import { readRawCbassTable } from '../tabular/raw-cbass/read-table';
import { resolveColumns } from './cbass-columns';
import { duplicateRows, FV_FM_RANGE, outsideFvFm } from './input-checks';
import { IssueList } from './issue-list';
import { noteCelsiusList } from './note-format';
import { normalisedLabelColumns } from './numeric-labels';
import { isMissing, parseDecimal } from './parse-number';
import type { CbassParseResult, CbassRow } from './types';

/** The columns without which no ED can be computed; a missing value drops the row. */
const COMPUTATION_COLUMNS = [
  'Site',
  'Condition',
  'Species',
  'Genotype',
  'Temperature',
  'Timepoint',
  'Pam_value',
] as const;

/**
 * Reads a raw CBASS file (long format, one row per nubbin; ed50-algorithm §2) for the calculator,
 * with the raw CBASS reader the upload shares (tabular/raw-cbass/read-table.ts: CSV
 * reader, columns, missing cells, numbers, labels; what was reconciled is listed there).
 * Tolerates a UTF-8 BOM, CRLF, quoted fields, `NA`, empty cells in unused columns, trailing
 * empty columns, semicolon-separated files and decimal commas, and reports what it did. Row
 * numbers in issues are spreadsheet rows: the header is row 1.
 *
 * Differences from CBASSED50's read.csv + preprocess_dataset, all deliberate: columns are checked
 * first and a missing one is named; letter case, separators and a unit in brackets in column
 * names are forgiven (and reported); only the columns used by the computation make a row
 * incomplete (R drops a row for an NA in any column), and N/A, NaN, null, none, - and -- are
 * missing like NA; "0,55" is read as 0.55 instead of silently dropping the row; and non-numeric
 * or non-positive temperatures are errors instead of silent NAs.
 */
export function parseCbassCsv(text: string): CbassParseResult {
  const issues = new IssueList();
  const result = (rows: CbassRow[], header: string[], dataRowCount: number): CbassParseResult => ({
    rows,
    errors: issues.errors,
    warnings: issues.warnings,
    rowIssueGroups: issues.rowIssueGroups(),
    columnMapping: mapping,
    header,
    dataRowCount,
    droppedRowCount: dataRowCount - rows.length,
    canCompute: issues.errors.every((issue) => issue.row !== undefined) && rows.length > 0,
  });
  let mapping: CbassParseResult['columnMapping'] = [];

  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (content.trim() === '') {
    issues.error({ code: 'empty_file', message: 'The file is empty.' });
    return result([], [], 0);
  }
  const table = readCsvTable(content);
  if (table.delimiter === ';') {
    issues.warning({
      code: 'semicolon_delimiter',
      message:
        'The file is separated by semicolons; it was read as such (CBASSED50 expects commas).',
    });
  }
  const { header } = table;
  const raw = readRawCbassTable(table, 'calculator');
  const columns = resolveColumns(header, raw, issues);
  mapping = columns.mapping;
  if (!columns.ok) return result([], header, 0);

  // Blank lines (every cell empty) are skipped like read.csv's blank.lines.skip.
  const dataRecords = table.records;
  if (dataRecords.length === 0) {
    issues.error({
      code: 'no_data_rows',
      message: 'The file has a header but no data rows: enter one row per nubbin below the header.',
    });
    return result([], header, 0);
  }

  const labels = normalisedLabelColumns(raw, issues);
  // Positions and label normalisers looked up once, not per row (files have 100 000s of rows).
  const position = (column: string): number => columns.index.get(column) ?? -1;
  const required = COMPUTATION_COLUMNS.map((column) => ({ column, at: position(column) }));
  const temperatureAt = position('Temperature');
  const pamValueAt = position('Pam_value');
  const valueColumns = [...columns.index].map(([column, at]) => ({
    column,
    at,
    normalise: labels.get(column),
  }));
  const rows: CbassRow[] = [];
  const duplicateOf = new Map(duplicateRows(dataRecords).map((d) => [d.row, d.firstRow]));
  for (const { cells, row } of dataRecords) {
    const firstRow = duplicateOf.get(row);
    if (firstRow !== undefined) {
      issues.rowWarning({
        code: 'duplicate_row',
        row,
        message: `Row ${row} is an exact copy of row ${firstRow}: kept, so that nubbin counts twice in the fit. Delete it if it was entered twice.`,
        reason:
          'an exact copy of an earlier row (kept, so it counts twice in the fit; delete it if it was entered twice)',
        skipped: false,
      });
    }
    if (required.some(({ at }) => isMissing(cells[at]))) {
      const missing = required.filter(({ at }) => isMissing(cells[at])).map((r) => r.column);
      issues.rowWarning({
        code: 'missing_value',
        row,
        column: missing[0],
        message: `Row ${row} skipped: no value for ${missing.join(', ')}.`,
        reason: `no value for ${missing.join(', ')}`,
        skipped: true,
      });
      continue;
    }
    const temperatureText = cells[temperatureAt]!;
    const temperature = readNumber(temperatureText, 'Temperature', row, issues);
    const pamValue = readNumber(cells[pamValueAt]!, 'Pam_value', row, issues);
    if (temperature === null || pamValue === null) continue;
    if (temperature <= 0) {
      issues.rowError({
        code: 'non_positive_temperature',
        row,
        column: 'Temperature',
        message: `Row ${row}: temperature ${temperatureText.trim()} is not above 0 °C; the log-logistic model needs positive temperatures. Row skipped.`,
        reason:
          'the temperature is not above 0 °C (the log-logistic model needs positive temperatures)',
        skipped: true,
      });
      continue;
    }
    if (outsideFvFm(pamValue)) {
      issues.rowWarning({
        code: 'fv_fm_out_of_range',
        row,
        column: 'Pam_value',
        message: `Row ${row}: Pam_value ${pamValue} lies outside ${FV_FM_RANGE.min}–${FV_FM_RANGE.max}, where every Fv/Fm lies; kept, but check it (a typo, a lost decimal point, or another unit).`,
        reason: `Pam_value outside ${FV_FM_RANGE.min}–${FV_FM_RANGE.max}, where every Fv/Fm lies (kept; check for a typo, a lost decimal point or another unit)`,
        skipped: false,
      });
    }
    const values: Record<string, string> = {};
    for (const { column, at, normalise } of valueColumns) {
      const raw = cells[at] ?? '';
      values[column] = normalise ? normalise(raw) : raw;
    }
    rows.push({
      row,
      site: values.Site ?? '',
      condition: values.Condition ?? '',
      species: values.Species ?? '',
      genotype: values.Genotype ?? '',
      timepoint: values.Timepoint ?? '',
      temperature,
      pamValue,
      values,
    });
  }
  issues.flushRowIssueCounts();
  checkTemperatureCount(rows, issues);
  return result(rows, header, dataRecords.length);
}

function readNumber(text: string, column: string, row: number, issues: IssueList): number | null {
  const parsed = parseDecimal(text);
  if (!parsed.ok) {
    issues.rowError({
      code: 'not_a_number',
      row,
      column,
      message: `Row ${row}: ${column} "${text.trim()}" is not a number. Row skipped.`,
      reason: `${column} is not a number`,
      skipped: true,
    });
    return null;
  }
  if (parsed.decimalComma) {
    issues.rowWarning({
      code: 'decimal_comma',
      row,
      column,
      message: `Row ${row}: ${column} "${text.trim()}" has a decimal comma; read as ${parsed.value}.`,
      reason: `${column} has a decimal comma (read as a decimal point)`,
      skipped: false,
    });
  }
  return parsed.value;
}

/** CBASSED50's validate_cbass_dataset: at least 4 distinct temperatures in the whole file. */
function checkTemperatureCount(rows: CbassRow[], issues: IssueList): void {
  if (rows.length === 0) return;
  const temperatures = [...new Set(rows.map((row) => row.temperature))].sort((a, b) => a - b);
  if (temperatures.length >= 4) return;
  issues.error({
    code: 'too_few_temperatures',
    message:
      `Dataset does not have enough unique temperature values: ${temperatures.length} ` +
      `(${noteCelsiusList(temperatures)}). At least 4 distinct temperatures are needed.`,
  });
}
