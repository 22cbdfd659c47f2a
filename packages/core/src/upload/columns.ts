/**
 * The columns of the files researchers upload: how a header is matched (column-spec.ts) and
 * which columns each kind of file has (formats/, through the registry).
 */
export {
  matchColumns,
  normaliseColumnName,
  type ColumnMatch,
  type ColumnRecognition,
  type ColumnSpec,
  type MatchKind,
} from './column-spec';
export { STANDARD_COLUMNS, STANDARD_THRESHOLD_COLUMNS } from './formats/standard-sheet/columns';
export { RAW_CBASS_COLUMNS as RAW_COLUMNS } from './formats/raw-cbass/columns';
export { ED_COLUMNS } from './formats/ed-results-file';
export {
  detectSchema,
  FORMAT_LABELS,
  recognizeHeader,
  SCHEMA_COLUMNS,
  type CsvSchema,
  type HeaderRecognition,
  type UploadFormat,
} from './formats/registry';
