import Papa from 'papaparse';
import {
  detectSchema,
  recognizeHeader,
  SCHEMA_COLUMNS,
  type ColumnMatch,
  type CsvSchema,
} from './columns';

/** Spec §9: the preview shows the first 50 rows. */
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

/**
 * The upload page's Data Preview (spec §2 Upload, §5): a real CSV parser instead of the spec's
 * naive comma split, so a quoted comma never shifts columns. Blank lines are dropped; a header
 * plus at least one data row is needed. Only the first rows are kept in memory; the rest are
 * counted. Required columns are those of the recognised format (the standard schema's 18 columns
 * of spec §3 when the format is not recognised).
 */
export function previewCsv(text: string): PreviewResult {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const state: { header: string[] | null } = { header: null };
  const rows: string[][] = [];
  let rowCount = 0;
  Papa.parse<string[]>(content, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    step: (result) => {
      const cells = result.data;
      if (state.header === null) {
        state.header = cells;
        return;
      }
      rowCount++;
      if (rows.length < PREVIEW_ROWS) rows.push(cells);
    },
  });
  const header = state.header;
  if (header === null || rowCount === 0) {
    return {
      ok: false,
      message: 'The file needs a header row and at least one data row to be previewed.',
    };
  }
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
  const recognition = recognizeHeader(
    shownHeader,
    format === 'raw' || format === 'ed50' ? format : 'standard',
  );
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
