import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '../thresholds/threshold-kinds';
import { formatFull, quote } from './format-csv';
import type { GroupComparisonResult } from './group-comparison';
import { formatRNumber } from '../tabular/r-number-format';
import { roundR } from './r-numerics/r-round';
import type { ThresholdKind } from '../thresholds/threshold-kinds';
import type { EdComputation } from './types';

/** ED5, ED50, ED95 in that order. */
const KINDS = THRESHOLD_KINDS_BY_LEVEL.map((kind) => THRESHOLD_KIND_INFO[kind]);

export interface ComparisonCsvOptions {
  /** Full precision instead of 2 decimals (p values always keep 4 significant digits or more). */
  unrounded?: boolean;
}

const numberFormat = (options: ComparisonCsvOptions) => (x: number) =>
  options.unrounded ? formatFull(x) : formatRNumber(roundR(x, 2));

/**
 * Pooled EDs per group: `GroupingProperty, Rows, ED5, ED5_SE, ED5_Lower, ED5_Upper, …` from one
 * LL.3 curve through each group's rows (drc's `ED(fit, interval = "delta")`); NA where a group
 * has no pooled curve or drc has no interval.
 */
export function formatPooledEdsCsv(
  computation: EdComputation,
  options: ComparisonCsvOptions = {},
): string {
  const format = numberFormat(options);
  const header = [
    'GroupingProperty',
    'Rows',
    ...KINDS.flatMap(({ edLabel }) => [
      edLabel,
      `${edLabel}_SE`,
      `${edLabel}_Lower`,
      `${edLabel}_Upper`,
    ]),
  ];
  const lines = [header.map(quote).join(',')];
  for (const group of computation.groups) {
    const curve = group.curve;
    const rows = group.colonies.reduce((sum, colony) => sum + colony.nObservations, 0);
    const cells = KINDS.flatMap(({ kind }) => {
      const ed = curve?.eds[kind];
      if (!ed) return ['NA', 'NA', 'NA', 'NA'];
      const interval = ed.interval;
      return [
        format(ed.value),
        ...(interval
          ? [interval.se, interval.lower, interval.upper].map(format)
          : ['NA', 'NA', 'NA']),
      ];
    });
    lines.push([quote(group.groupingProperty), String(rows), ...cells].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The group comparison as R's TukeyHSD table, every threshold kind in turn:
 * `Threshold, Group, Reference, Difference, Lower, Upper, P_adjusted` (Difference = mean of
 * Group − mean of Reference). A kind whose groups cannot be compared gets no rows.
 */
export function formatGroupComparisonCsv(
  comparisons: Record<ThresholdKind, GroupComparisonResult>,
  options: ComparisonCsvOptions = {},
): string {
  const format = numberFormat(options);
  const lines = [
    ['Threshold', 'Group', 'Reference', 'Difference', 'Lower', 'Upper', 'P_adjusted']
      .map(quote)
      .join(','),
  ];
  for (const { kind, edLabel } of KINDS) {
    for (const pair of comparisons[kind].comparison?.pairs ?? []) {
      lines.push(
        [
          quote(edLabel),
          quote(pair.group),
          quote(pair.reference),
          format(pair.difference),
          format(pair.lower),
          format(pair.upper),
          options.unrounded ? formatFull(pair.pAdjusted) : formatPValue(pair.pAdjusted),
        ].join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** 4 significant digits: a p value of 0.00012 must not print as 0. */
export function formatPValue(p: number): string {
  return String(Number(p.toPrecision(4)));
}
