import type { ColumnMatch } from '../tabular/column-spec';
import { readCsvTable } from '../tabular/csv-table';
import type { DataTable } from '../tabular/data-table';
import {
  detectSchema,
  readUploadTable,
  recognizeHeader,
  SCHEMA_COLUMNS,
  type CsvSchema,
} from './formats/registry';
import { standardSheet } from './formats/standard-sheet';

/** Product-spec §9: the preview shows the first 50 rows. */
export const PREVIEW_ROWS = 50;

export interface CsvPreview {
  header: string[];
  /** The first PREVIEW_ROWS data rows, each padded or cut to the header's width. */
  rows: string[][];
  /** All data rows of the file (blank lines are not rows). */
  rowCount: number;
  columnCount: number;
  /** What the file looks like; null when neither format is recognised. */
  format: CsvSchema | null;
  /** Header positions of required columns (marked with an asterisk). */
  requiredPositions: number[];
  /** Every recognised column with its position and how it was matched. */
  matches: ColumnMatch[];
  /** Columns recognised under another name ("Colony.ed50_value" read as "Colony.ed50"). */
  renamed: ColumnMatch[];
  /** Required columns not found. */
  missing: string[];
  /** Header cells that are not used. */
  ignored: string[];
}

export type PreviewResult = { ok: true; preview: CsvPreview } | { ok: false; message: string };

const NEEDS_ROWS = 'The file needs a header row and at least one data row to be previewed.';

/** Read for the preview: the first rows kept, the others only counted. */
const PREVIEW_READ = { maxRecords: PREVIEW_ROWS, countAll: true } as const;

/**
 * The upload page's Data Preview (product-spec §2 Upload, §5) of a file's bytes, read by its file
 * type (format registry) the way the worker will read it: the same decoder, so a Windows-1252 or
 * UTF-16 file previews as it will be imported, and a workbook renamed .csv is named as such.
 */
export function previewUploadFile(bytes: Uint8Array): PreviewResult {
  const read = readUploadTable(bytes, PREVIEW_READ);
  if (!read.ok) {
    return {
      ok: false,
      message: read.reason === 'empty' ? NEEDS_ROWS : `${read.problem} ${read.fix}`,
    };
  }
  return previewTable(read.table);
}

/** The Data Preview of CSV text (previewUploadFile for text already decoded). */
export function previewCsv(text: string): PreviewResult {
  return previewTable(readCsvTable(text, PREVIEW_READ));
}

/**
 * The Data Preview: a real CSV parser instead of the spec's naive comma split, so a quoted comma
 * never shifts columns. Blank lines are dropped; a header plus at least one data row is needed.
 * Only the first rows are kept in memory; the rest are counted. Required columns are those of
 * the recognised format (the standard schema's 18 columns of product-spec §3 when the format is not
 * recognised).
 */
function previewTable(table: DataTable): PreviewResult {
  const { header, records, recordCount: rowCount } = table;
  if (header.length === 0 || rowCount === 0) return { ok: false, message: NEEDS_ROWS };
  const rows = records.map((record) => record.cells);
  let width = header.length;
  // A trailing unnamed, empty column (spreadsheets add one) is not shown.
  while (
    width > 1 &&
    header[width - 1]!.trim() === '' &&
    rows.every((r) => (r[width - 1] ?? '').trim() === '')
  ) {
    width--;
  }
  const shownHeader = header.slice(0, width);
  const format = detectSchema(shownHeader);
  const recognition = recognizeHeader(shownHeader, format ?? standardSheet.id);
  const required = new Set(
    recognition.matches
      .filter((match) => isRequired(recognition.schema, match.column))
      .map((match) => match.position),
  );
  return {
    ok: true,
    preview: {
      header: shownHeader,
      rows: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')),
      rowCount,
      columnCount: width,
      format,
      requiredPositions: [...required].sort((a, b) => a - b),
      matches: format === null ? [] : recognition.matches,
      renamed: recognition.matches.filter((match) => match.how !== 'exact'),
      missing: format === null ? [] : recognition.missing,
      ignored: recognition.ignored.map((c) => c.found),
    },
  };
}

function isRequired(schema: CsvSchema, column: string): boolean {
  return SCHEMA_COLUMNS[schema].some((spec) => spec.name === column && spec.required);
}
