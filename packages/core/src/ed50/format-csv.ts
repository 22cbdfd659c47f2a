import { CBASSED50_FILE_KINDS, THRESHOLD_KIND_INFO } from '../thresholds/threshold-kinds';
import { formatRNumber } from '../tabular/r-number-format';
import { roundR } from './r-numerics/r-round';
import { summarizeGroupUnrounded } from './summary';
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
  /**
   * Write every number at full precision (the shortest decimal that reads back as the same
   * double, up to 17 significant digits) instead of rounded to 2 decimals.
   */
  unrounded?: boolean;
  /**
   * Append `ED5_SE, ED5_Lower, ED5_Upper, …` after the CBASSED50 columns: drc's delta-method
   * standard error and 95 % limits (per-colony fits only; NA where there is none).
   */
  intervals?: boolean;
}

export interface SummaryCsvOptions {
  /** Statistics of the unrounded colony values, written at full precision (not CBASSED50's). */
  unrounded?: boolean;
}

/** A double written in full: JavaScript's shortest round-trip form, R's words for the rest. */
export function formatFull(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Inf' : '-Inf';
  return String(x);
}

/** The ED columns of CBASSED50's files, in its order (by increasing level): ED5, ED50, ED95. */
const ED_COLUMNS = CBASSED50_FILE_KINDS.map((kind) => THRESHOLD_KIND_INFO[kind]);

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
    ...(options.intervals
      ? ED_COLUMNS.flatMap(({ edLabel }) => [
          `${edLabel}_SE`,
          `${edLabel}_Lower`,
          `${edLabel}_Upper`,
        ])
      : []),
  ].map(quote);
  const lines = [(options.rowNames ? ['""', ...header] : header).join(',')];
  const number = (x: number): string =>
    options.unrounded ? formatFull(x) : formatRNumber(roundR(x, 2));
  /** The number the ED cell shows, or null for NA. */
  const shown = (estimate: EdEstimate): number | null =>
    estimate.value ??
    (options.notEstimable === 'drc' && estimate.raw !== null ? estimate.raw : null);
  computation.colonies.forEach((colony, index) => {
    const ed = (estimate: EdEstimate): string => {
      // The default path keeps `rounded` itself, the value CBASSED50 prints.
      if (!options.unrounded && estimate.rounded !== null) return formatRNumber(estimate.rounded);
      const value = shown(estimate);
      return value === null ? 'NA' : number(value);
    };
    const interval = (estimate: EdEstimate): string[] => {
      const limits = shown(estimate) === null ? null : (estimate.interval ?? null);
      return limits === null
        ? ['NA', 'NA', 'NA']
        : [number(limits.se), number(limits.lower), number(limits.upper)];
    };
    const cells = [
      ...ED_COLUMNS.map(({ kind }) => ed(colony[kind])),
      quote(colony.key),
      ...computation.grouping.map((column) =>
        cell(colony.groupValues[column] ?? '', numeric.has(column)),
      ),
      ...(options.intervals ? ED_COLUMNS.flatMap(({ kind }) => interval(colony[kind])) : []),
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
export function formatSummaryCsv(
  computation: EdComputation,
  options: SummaryCsvOptions = {},
): string {
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
    const summary = options.unrounded ? summarizeGroupUnrounded(group.colonies) : group.summary;
    const format = options.unrounded ? formatFull : formatRNumber;
    lines.push(
      [
        ...computation.grouping.map((column) =>
          cell(group.groupValues[column] ?? '', numeric.has(column)),
        ),
        ...ED_COLUMNS.flatMap(({ kind }) => statisticCells(summary[kind], format)),
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
function statisticCells(statistic: EdStatistic, format = formatRNumber): string[] {
  const number = (value: number | null, missing: string) =>
    value === null ? missing : format(value);
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

export function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}
