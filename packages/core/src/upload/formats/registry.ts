import {
  HeaderNames,
  matchColumns,
  type ColumnRecognition,
  type ColumnSpec,
} from '../../tabular/column-spec';
import { csvFile } from '../../tabular/csv-file';
import type { DataFileType, TableReadOptions, TableReadResult } from '../../tabular/data-table';
import { xlsxFile } from '../../tabular/xlsx-file';
import { wordList } from '../../util/word-list';
import { edResultsFile } from './ed-results-file';
import type { UploadLayout } from './format';
import { rawCbass } from './raw-cbass';
import { standardSheet } from './standard-sheet';

/**
 * THE REGISTRY OF UPLOAD FORMATS. Detection, reading, the preview, the quick check, labels, the
 * API's `format` enum (and the server's uploads.format type) and the file pickers all go through
 * these lists; nothing else names a format. README.md says how to add one:
 * - a file type (like tabular/xlsx-file.ts): its module + this file (2 source files);
 * - a layout: its module + this file + a migration widening uploads.format (3 source files).
 */

/** Layouts of the main data file, in detection order (the first that claims a header wins). */
export const UPLOAD_FORMATS = [standardSheet, rawCbass] as const;

/** How the bytes of a file become rows: asked in order, the last one takes the rest. */
export const UPLOAD_FILE_TYPES: readonly [...DataFileType[], DataFileType] = [xlsxFile, csvFile];

/** The second file of an upload: the calculator's ED results. */
export const ED_RESULTS_FILE = edResultsFile;

/** 'standard' | 'raw': stored in uploads.format and sent as the API's `format`. */
export type UploadFormat = (typeof UPLOAD_FORMATS)[number]['id'];
/** What a file is: a main data file of a layout, or the ED results file ('ed50'). */
export type CsvSchema = UploadFormat | (typeof ED_RESULTS_FILE)['id'];

/** The layout ids, for the API contract's enum. */
export const UPLOAD_FORMAT_IDS = UPLOAD_FORMATS.map((format) => format.id) as unknown as readonly [
  UploadFormat,
  ...UploadFormat[],
];

export function isUploadFormat(id: string | null | undefined): id is UploadFormat {
  return UPLOAD_FORMATS.some((format) => format.id === id);
}

export function uploadFormat(id: UploadFormat): UploadLayout<UploadFormat> {
  return UPLOAD_FORMATS.find((format) => format.id === id)!;
}

const SCHEMAS = [ED_RESULTS_FILE, ...UPLOAD_FORMATS] as const;

/** The columns of each kind of file. */
export const SCHEMA_COLUMNS = Object.fromEntries(
  SCHEMAS.map((schema) => [schema.id, schema.columns]),
) as Readonly<Record<CsvSchema, readonly ColumnSpec[]>>;

/** "Standard schema (Project.name … Publication.doi)", "ED50 results file (ED5, …)". */
export const FORMAT_LABELS = Object.fromEntries(
  SCHEMAS.map((schema) => [schema.id, schema.label]),
) as Readonly<Record<CsvSchema, string>>;

export interface HeaderRecognition extends ColumnRecognition {
  schema: CsvSchema;
}

/** Finds every column of a kind of file in a header (column-spec.ts matchColumns). */
export function recognizeHeader(header: readonly string[], schema: CsvSchema): HeaderRecognition {
  return { schema, ...matchColumns(header, SCHEMA_COLUMNS[schema]) };
}

/**
 * Which kind of file a header belongs to: the ED results file, else the first layout claiming
 * it, else none.
 */
export function detectSchema(header: readonly string[]): CsvSchema | null {
  const names = new HeaderNames(header);
  if (ED_RESULTS_FILE.detect(names)) return ED_RESULTS_FILE.id;
  return UPLOAD_FORMATS.find((format) => format.detect(names))?.id ?? null;
}

/** The file type of a file, from its first bytes. */
export function fileTypeOf(head: Uint8Array): DataFileType {
  return UPLOAD_FILE_TYPES.find((type) => type.claims(head)) ?? UPLOAD_FILE_TYPES.at(-1)!;
}

/** A file's table, read by its file type. */
export function readUploadTable(bytes: Uint8Array, options?: TableReadOptions): TableReadResult {
  return fileTypeOf(bytes).readTable(bytes, options);
}

/** Whether a file name ends in an extension of a registered file type (any case). */
export function isUploadFileName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return UPLOAD_FILE_TYPES.some((type) => type.extensions.some((ext) => lower.endsWith(ext)));
}

/** The file pickers' `accept`: ".csv,text/csv". */
export const UPLOAD_FILE_ACCEPT = UPLOAD_FILE_TYPES.flatMap((type) => [
  ...type.extensions,
  ...type.mediaTypes,
]).join(',');

const orList = (items: readonly string[]) => wordList(items, 'or');

/** Words listing the layouts, for messages. */
export const UPLOAD_FORMAT_WORDS = {
  /** "either Standard schema (…) or Raw CBASS long format (…)" */
  labels: `${UPLOAD_FORMATS.length === 2 ? 'either' : 'one of'} ${orList(UPLOAD_FORMATS.map((format) => format.label))}`,
  /** "the standard template or the raw CBASS template" */
  templates: orList(UPLOAD_FORMATS.map((format) => format.template)),
  /** "standard or raw CBASS" (sheet) */
  sheetNames: orList(UPLOAD_FORMATS.map((format) => format.sheetName)),
  /** "both" in "docs/uploads.md lists both" */
  all: UPLOAD_FORMATS.length === 2 ? 'both' : 'all of them',
};
