import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '../thresholds/threshold-kinds';
import { formatRNumber } from './r-numerics/r-number-format';
import { roundR } from './r-numerics/r-round';
import type {
  ColonyEdResult,
  EdComputation,
  EdEstimate,
  EdGroupResult,
  EdStatistic,
} from './types';

/** Columns CBASSED50 turns into factors (always quoted by write.csv); others keep read.csv's type. */
const FACTOR_COLUMNS = new Set(['Site', 'Condition', 'Species', 'Genotype']);
const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export interface EdResultsCsvOptions {
  /** Leading unnamed index column ("","1","2",...) as in CBASSED50's ED50_Results.csv download. */
  rowNames?: boolean;
  /**
   * What to print for an ED that is not estimable: "NA" (default), or "drc" for the number drc
   * returns, as CBASSED50 literally prints it (e.g. 158.23 for a curve that barely drops).
   */
  notEstimable?: 'NA' | 'drc';
}

/** The ED columns in CBASSED50's order, by increasing level: ED5, ED50, ED95. */
const ED_COLUMNS = THRESHOLD_KINDS_BY_LEVEL.map((kind) => THRESHOLD_KIND_INFO[kind]);

/**
 * The ED table in CBASSED50's layout, `ED5,ED50,ED95,GroupingProperty,<grouping columns>`, one
 * row per colony, values rounded to 2 decimals, written like R's write.csv (strings quoted, LF).
 * This is the "ED50_Results.csv" the upload page expects. Colonies without a value get NA.
 */
export function formatEdResultsCsv(
  computation: EdComputation,
  options: EdResultsCsvOptions = {},
): string {
  const numeric = numericColumns(computation);
  const header = [
    ...ED_COLUMNS.map((column) => column.edLabel),
    'GroupingProperty',
    ...computation.grouping,
  ].map(quote);
  const lines = [(options.rowNames ? ['""', ...header] : header).join(',')];
  computation.colonies.forEach((colony, index) => {
    const ed = (estimate: EdEstimate): string => {
      const shown =
        estimate.rounded ??
        (options.notEstimable === 'drc' && estimate.raw !== null ? roundR(estimate.raw, 2) : null);
      return shown === null ? 'NA' : formatRNumber(shown);
    };
    const cells = [
      ...ED_COLUMNS.map(({ kind }) => ed(colony[kind])),
      quote(colony.key),
      ...computation.grouping.map((column) =>
        cell(colony.groupValues[column] ?? '', numeric.has(column)),
      ),
    ];
    lines.push((options.rowNames ? [quote(String(index + 1)), ...cells] : cells).join(','));
  });
  return `${lines.join('\n')}\n`;
}

/**
 * The group summary in the layout of CBASSED50's tutorial_summaryEDs_df.csv: grouping columns,
 * then Mean/SD/SE/Conf_Int for ED5, ED50 and ED95, rows sorted by the grouping columns as R's
 * group_by does (factor levels; numbers numerically).
 */
export function formatSummaryCsv(computation: EdComputation): string {
  const numeric = numericColumns(computation);
  const header = [
    ...computation.grouping,
    ...ED_COLUMNS.flatMap(({ edLabel, level }) => [
      `Mean_${edLabel}`,
      `SD_${edLabel}`,
      `SE_${edLabel}`,
      `Conf_Int_${level}`,
    ]),
  ];
  const lines = [header.map(quote).join(',')];
  for (const group of groupsInSummaryOrder(computation)) {
    lines.push(
      [
        ...computation.grouping.map((column) =>
          cell(group.groupValues[column] ?? '', numeric.has(column)),
        ),
        ...ED_COLUMNS.flatMap(({ kind }) => statisticCells(group.summary[kind])),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Groups in the order of CBASSED50's summary table. */
export function groupsInSummaryOrder(computation: EdComputation): EdGroupResult[] {
  const numeric = numericColumns(computation);
  const collator = new Intl.Collator('en');
  return [...computation.groups].sort((a, b) => {
    for (const column of computation.grouping) {
      const x = a.groupValues[column] ?? '';
      const y = b.groupValues[column] ?? '';
      const order = numeric.has(column) ? Number(x) - Number(y) : collator.compare(x, y);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** R writes NA for a missing SD/SE and NaN for the CI of a single colony (qt with 0 df). */
function statisticCells(statistic: EdStatistic): string[] {
  const number = (value: number | null, missing: string) =>
    value === null ? missing : formatRNumber(value);
  return [
    number(statistic.mean, 'NaN'),
    number(statistic.sd, 'NA'),
    number(statistic.se, 'NA'),
    number(statistic.confInt, 'NaN'),
  ];
}

/** Grouping columns read.csv would have read as numbers (and write.csv leaves unquoted). */
function numericColumns(computation: EdComputation): Set<string> {
  const all: readonly ColonyEdResult[] = computation.colonies;
  return new Set(
    computation.grouping.filter(
      (column) =>
        !FACTOR_COLUMNS.has(column) &&
        all.length > 0 &&
        all.every((colony) => NUMERIC_TEXT.test((colony.groupValues[column] ?? '').trim())),
    ),
  );
}

function cell(value: string, numeric: boolean): string {
  return numeric ? formatRNumber(Number(value)) : quote(value);
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
