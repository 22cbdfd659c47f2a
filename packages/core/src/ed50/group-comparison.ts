import type { ThresholdKind } from '../thresholds/threshold-kinds';
import { perKind } from './ed-kinds';
import {
  studentizedRangeCdf,
  studentizedRangeQuantile,
  studentizedRangeUpperTails,
} from './r-numerics/studentized-range';
import type { EdComputation } from './types';

/** One pair of groups: `group` minus `reference`, as a row of R's `TukeyHSD` ("group-reference"). */
export interface TukeyPair {
  group: string;
  reference: string;
  /** Difference of the two groups' mean ED. */
  difference: number;
  /** The simultaneous 95 % interval of the difference (Tukey–Kramer for unequal sizes). */
  lower: number;
  upper: number;
  /** The p value adjusted for all pairs (R's "p adj"). */
  pAdjusted: number;
}

export interface GroupComparison {
  /** Groups compared, in the order given, with their sizes and means. */
  groups: { name: string; n: number; mean: number }[];
  /** Residual degrees of freedom of the one-way ANOVA (colonies − groups). */
  dfResidual: number;
  /** Residual mean square of the one-way ANOVA. */
  meanSquareError: number;
  /** R's qtukey(0.95, groups, df): the studentized range every interval is scaled by. */
  criticalValue: number;
  /** Pairs in R's order: every later group against each earlier one, column by column. */
  pairs: TukeyPair[];
}

export type GroupComparisonResult =
  { comparison: GroupComparison; reason: null } | { comparison: null; reason: string };

/**
 * Tukey's honest significant differences between group means, as R's
 * `TukeyHSD(aov(value ~ group), conf.level = 0.95)` with the groups as factor levels in the order
 * given: one-way ANOVA residual mean square, Tukey–Kramer standard errors
 * √(MSE/2 · (1/nᵢ + 1/nⱼ)), intervals from `qtukey(0.95, k, df)` and p values from
 * `ptukey(|d| / se, k, df, lower.tail = FALSE)`. Groups without values are left out (R's `aov`
 * drops missing values; a level with no rows gives no pairs).
 */
export function tukeyHsd(
  groups: readonly { name: string; values: readonly number[] }[],
): GroupComparisonResult {
  const present = groups
    .map((group) => ({ name: group.name, values: group.values.filter(Number.isFinite) }))
    .filter((group) => group.values.length > 0);
  if (present.length < 2) {
    return { comparison: null, reason: 'At least two groups with values are needed to compare.' };
  }
  const total = present.reduce((sum, group) => sum + group.values.length, 0);
  const dfResidual = total - present.length;
  if (dfResidual < 2) {
    return {
      comparison: null,
      reason: `Too few colonies to compare groups: ${total} colonies in ${present.length} groups leave ${dfResidual} residual degree${dfResidual === 1 ? '' : 's'} of freedom (at least 2 are needed).`,
    };
  }

  const summaries = present.map((group) => {
    const mean = group.values.reduce((sum, value) => sum + value, 0) / group.values.length;
    const squares = group.values.reduce((sum, value) => sum + (value - mean) * (value - mean), 0);
    return { name: group.name, n: group.values.length, mean, squares };
  });
  const meanSquareError = summaries.reduce((sum, group) => sum + group.squares, 0) / dfResidual;
  const k = summaries.length;
  const criticalValue = studentizedRangeQuantile(0.95, k, dfResidual);

  const pairs: TukeyPair[] = [];
  for (let j = 0; j < k; j++) {
    for (let i = j + 1; i < k; i++) {
      const group = summaries[i]!;
      const reference = summaries[j]!;
      const difference = group.mean - reference.mean;
      const se = Math.sqrt((meanSquareError / 2) * (1 / group.n + 1 / reference.n));
      const halfWidth = criticalValue * se;
      pairs.push({
        group: group.name,
        reference: reference.name,
        difference,
        lower: difference - halfWidth,
        upper: difference + halfWidth,
        pAdjusted: studentizedRangeCdf(Math.abs(difference) / se, k, dfResidual, false),
      });
    }
  }
  return {
    comparison: {
      groups: summaries.map(({ name, n, mean }) => ({ name, n, mean })),
      dfResidual,
      meanSquareError,
      criticalValue,
      pairs,
    },
    reason: null,
  };
}

/**
 * The calculator's group comparison: for each threshold kind, Tukey HSD over the groups of a
 * computation, on the colony values its summary uses (rounded to 2 decimals as CBASSED50 reports
 * them, or unrounded with that option).
 */
export function compareComputedGroups(
  computation: EdComputation,
  options: { unrounded?: boolean } = {},
): Record<ThresholdKind, GroupComparisonResult> {
  return perKind((kind) =>
    tukeyHsd(
      computation.groups.map((group) => ({
        name: group.groupingProperty,
        values: group.colonies
          .map((colony) => (options.unrounded ? colony[kind].value : colony[kind].rounded))
          .filter((value): value is number => value !== null),
      })),
    ),
  );
}

/**
 * A Tukey-adjusted p value: `ptukey(q, groups, df, lower.tail = FALSE)`, the chance that the
 * studentized range of `groups` means exceeds `q` (for the post-fit analyses' contrasts,
 * decision 0061, on the same port of R's ptukey as the comparison above).
 */
export const tukeyUpperTail = (q: number, groups: number, df: number): number =>
  studentizedRangeCdf(q, groups, df, false);

/**
 * `tukeyUpperTail(q, groups, df)` for many q of one family (emmeans' contrasts of one factor:
 * decision 0071): the same doubles, with what does not depend on q computed once.
 */
export const tukeyUpperTails = (groups: number, df: number): ((q: number) => number) =>
  studentizedRangeUpperTails(groups, df);
