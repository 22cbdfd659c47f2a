export * from './problems';
export * from './columns';
export * from './upload-plan';
export * from './quality-flags';
export * from './prepare-upload';
export { describePairMismatch, pairEdRows, type EdPairing } from './pair-check';
export * from './build-bundle';
export * from './species-check';
export * from './preview';
export * from './error-report';
export * from './error-groups';
export { REFIT_DEFAULT_MAX_COLONIES } from './refit';
export { REFIT_TOLERANCE_C, MIN_TEMPERATURES } from './quality-checks';
export * from './quick-check';
export {
  ED_RESULTS_FILE,
  fileTypeOf,
  isUploadFileName,
  isUploadFormat,
  readUploadTable,
  UPLOAD_FILE_ACCEPT,
  UPLOAD_FILE_TYPES,
  UPLOAD_FORMAT_IDS,
  UPLOAD_FORMAT_WORDS,
  UPLOAD_FORMATS,
  uploadFormat,
} from './formats/registry';
export type { CompanionFile, EdFileNeed, UploadLayout } from './formats/format';
