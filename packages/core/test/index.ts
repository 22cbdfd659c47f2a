/**
 * `@coral/core/testing`: helpers for the tests of the other workspaces (server, web). Never
 * imported by shipped code (packages/core/src/architecture.test.ts).
 */
export { edResultsFromSeedProject } from './ed-results-from-seed';
export {
  downloadDataset,
  seedDownloadColonies,
  SEED_DOWNLOAD_FACTS,
  testDownloadContext,
} from './download-colonies';
export { randomFilterSet, seededRandom } from './random-filter-sets';
export { selectionFacts } from './map-selection-facts';
export {
  addEdge,
  importCycles,
  sourceImports,
  type ImportGraph,
  type SourceImport,
} from './import-graph';
export { xmlSchemaErrors, XML_SCHEMAS, type XmlSchema } from './xml-schemas';
export {
  checkDate,
  checkEventDate,
  checkEventIds,
  checkExtensionEventIds,
  checkFields,
  readDwcaTable,
  type ObisIssue,
  type ObisTable,
} from './obistools';
