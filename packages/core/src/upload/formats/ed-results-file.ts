import {
  CBASSED50_FILE_KINDS,
  THRESHOLD_KIND_INFO,
  type ThresholdKind,
} from '../../thresholds/threshold-kinds';
import { col, normaliseColumnName, type ColumnSpec } from '../../tabular/column-spec';
import type { CompanionFile } from './format';

/** The ED results file is matched on its ED50; the other kinds are optional columns. */
const MATCHED_KIND: ThresholdKind = THRESHOLD_KIND_INFO.ed50.kind;
const ED_LABELS = CBASSED50_FILE_KINDS.map((kind) => THRESHOLD_KIND_INFO[kind].edLabel);

/**
 * The calculator's ED results file, CBASSED50's ED50_Results.csv: the kinds of CBASSED50's files
 * (ED5, ED50, ED95) in level order, field id = the kind, then GroupingProperty and the grouping
 * columns; the leading unnamed index column is ignored and a trailing Genotype column is optional.
 */
export const ED_COLUMNS: readonly ColumnSpec[] = [
  ...CBASSED50_FILE_KINDS.map((kind) =>
    col(kind, THRESHOLD_KIND_INFO[kind].edLabel, kind === MATCHED_KIND),
  ),
  col('groupingProperty', 'GroupingProperty', false, 'grouping property', 'grouping'),
  col('site', 'Site', true),
  col('condition', 'Condition', true),
  col('species', 'Species', true),
  col('timepoint', 'Timepoint', true),
  col('genotype', 'Genotype', false, 'geno'),
];

/** "ED5, ED50, ED95, GroupingProperty, Site, Condition, Species and Timepoint": what it has. */
export const ED_FILE_COLUMNS_TEXT = (() => {
  const names = ED_COLUMNS.filter((c) => c.id !== 'genotype').map((c) => c.name);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
})();

const MATCHED = normaliseColumnName(THRESHOLD_KIND_INFO[MATCHED_KIND].edLabel);

export const edResultsFile = {
  id: 'ed50',
  label: `ED50 results file (${ED_LABELS.join(', ')}, GroupingProperty, …)`,
  columns: ED_COLUMNS,
  // An ED50 column with GroupingProperty, or with Site but no measurements (a main file has them).
  detect: (header) =>
    header.has(MATCHED) &&
    (header.has('groupingproperty') ||
      (header.has('site') && !header.has('pamvalue', 'pam', 'temperature'))) &&
    !header.has('pamvalue', 'pam', 'fvfm'),
} as const satisfies CompanionFile<'ed50'>;
