import type { Migration } from './migration';

/**
 * Which states' data anyone may read is core's dataset-state table
 * (docs/decisions/0046-dataset-states.md), passed to queries as a parameter by `db/visibility.ts`.
 * The view of migration 0005 wrote it as the literal 'published', a second definition that a new
 * state would silently miss, so it goes.
 */
export const readableVersionsByStateTable: Migration = {
  statements: [`DROP VIEW readable_dataset_versions`],
};
