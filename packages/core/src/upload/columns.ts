/**
 * The columns of each kind of file researchers upload (formats/, through the registry). How a
 * header is matched against them is the tabular layer's (tabular/column-spec.ts).
 */
export { STANDARD_COLUMNS, STANDARD_THRESHOLD_COLUMNS } from './formats/standard-sheet/columns';
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
