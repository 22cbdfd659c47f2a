/**
 * Built-in ED calculator (decision 0005): ED5 / ED50 / ED95 of CBASS thermal-tolerance assays,
 * computed as CBASSED50 / drc 3.0-1 do, in pure TypeScript (Node, browser, Web Worker).
 */
export { parseCbassCsv } from './parse-cbass-csv';
export { describeRowIssueGroup } from './issue-list';
export {
  coloniesOnAnotherScale,
  columnsThatSplitGenotypes,
  describeScaleOutlier,
  duplicateRows,
  FV_FM_RANGE,
  mergedGenotypesNote,
  type GenotypeSplit,
  NO_RESIDUAL_DF_NOTE,
  OTHER_SCALE_FACTOR,
  outsideFvFm,
  PHYSICAL_ED_RANGE_C,
  pooledCurveModelNote,
  type ScaleOutlier,
} from './input-checks';
export {
  computeEds,
  COMPATIBILITY_NOTE,
  PER_COLONY_NOTE,
  MAX_COLONIES_PER_GROUP,
  modelNote,
  type ComputeEdsOptions,
} from './compute-eds';
export {
  DEFAULT_ED_MODEL,
  ED_MODELS,
  MODEL_FAMILIES,
  isEdModel,
  type EdModel,
  type ModelFamily,
  type ModelParameter,
  type ModelParameters,
} from './model-families';
export {
  formatEdResultsCsv,
  formatSummaryCsv,
  groupsInSummaryOrder,
  type EdResultsCsvOptions,
  type SummaryCsvOptions,
} from './format-csv';
export { colonyCurve, type ColonyCurveParameters } from './colony-curve';
export {
  compareComputedGroups,
  tukeyHsd,
  type GroupComparison,
  type GroupComparisonResult,
  type TukeyPair,
} from './group-comparison';
export {
  formatGroupComparisonCsv,
  formatPooledEdsCsv,
  formatPValue,
  type ComparisonCsvOptions,
} from './format-comparison-csv';
export { temperatureGrid } from './pooled-curve';
export {
  LL3_PARAMETER_NAMES,
  drmBoundsArguments,
  parseParameterLimits,
  validateBounds,
  type Ll3ParameterName,
  type ParameterBounds,
  type ParameterLimits,
} from './parameter-bounds';
export * from './types';
// The calculator reads its files with the tabular layer below it (the one text decoder, workbook
// reader, CSV reader and raw CBASS columns); offered here so that its Web Worker never loads the
// rest of core (the API contract, zod).
export { CBASS_COLUMNS, type CbassColumn } from '../tabular/raw-cbass/columns';
export { decodeText, type DecodedText } from '../tabular/decode-text';
export { DATA_FILE_ACCEPT, decodeDataFile, type DataFileText } from '../tabular/decode-data-file';
export { readCsvTable } from '../tabular/csv-table';
