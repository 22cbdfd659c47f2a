import { formatCsvRow, UTF8_BOM } from '../csv/csv-writer';
import type { UploadError } from './problems';
import { UPLOAD_FLAG_LABELS, type UploadQualityFlag } from './quality-flags';

/** Columns of the downloadable error report (docs/uploads.md). */
export const UPLOAD_ERROR_REPORT_COLUMNS = [
  'File',
  'Row',
  'Column',
  'Value',
  'Problem',
  'Fix',
] as const;

const FILE_NAMES = { main: 'Main data file', ed50: 'ED50 results file' } as const;

/** The row-level report of a failed upload as CSV (UTF-8 with BOM, CRLF, formulas neutralised). */
export function uploadErrorReportCsv(errors: readonly UploadError[]): string {
  return (
    UTF8_BOM +
    formatCsvRow(UPLOAD_ERROR_REPORT_COLUMNS) +
    errors
      .map((e) => formatCsvRow([FILE_NAMES[e.file], e.row, e.column, e.value, e.problem, e.fix]))
      .join('')
  );
}

export const UPLOAD_FLAG_REPORT_COLUMNS = [
  'Flag',
  'Colony',
  'Species',
  'Condition',
  'Timepoint',
  'Row',
  'Value',
  'Details',
] as const;

/** The quality flags of an upload as CSV. */
export function uploadFlagReportCsv(flags: readonly UploadQualityFlag[]): string {
  return (
    UTF8_BOM +
    formatCsvRow(UPLOAD_FLAG_REPORT_COLUMNS) +
    flags
      .map((f) =>
        formatCsvRow([
          UPLOAD_FLAG_LABELS[f.code],
          f.colony,
          f.species,
          f.condition,
          f.timepoint,
          f.row,
          f.value,
          f.message,
        ]),
      )
      .join('')
  );
}
