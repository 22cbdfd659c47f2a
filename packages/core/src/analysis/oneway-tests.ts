import { fUpperTail } from './distributions';
import { mean, median, presentGroups, variance, type ValueGroup } from './groups';

/** An F test's statistic, degrees of freedom and p value. */
export interface FTest {
  f: number;
  df1: number;
  df2: number;
  p: number;
}

export type FTestResult = { test: FTest; reason: null } | { test: null; reason: string };

/**
 * Welch's one-way ANOVA, which does not assume equal variances: R's
 * `oneway.test(y ~ group, var.equal = FALSE)` (decision 0061). Every group needs two values and
 * some spread.
 */
export function welchAnova(groups: readonly ValueGroup[]): FTestResult {
  const present = presentGroups(groups);
  const k = present.length;
  if (k < 2) return { test: null, reason: 'At least two groups with values are needed.' };
  const small = present.find((group) => group.values.length < 2);
  if (small) {
    return {
      test: null,
      reason: `Group ${small.name} has one value: Welch's ANOVA needs two per group.`,
    };
  }
  const n = present.map((group) => group.values.length);
  const m = present.map((group) => mean(group.values));
  const v = present.map((group) => variance(group.values));
  const flat = present.find((_, i) => !(v[i]! > 0));
  if (flat) return { test: null, reason: `Group ${flat.name} has no spread (all values equal).` };
  const w = n.map((ni, i) => ni / v[i]!);
  const sumW = w.reduce((sum, wi) => sum + wi, 0);
  const tmp = w.reduce((sum, wi, i) => sum + (1 - wi / sumW) ** 2 / (n[i]! - 1), 0) / (k * k - 1);
  const grand = w.reduce((sum, wi, i) => sum + wi * m[i]!, 0) / sumW;
  const f =
    w.reduce((sum, wi, i) => sum + wi * (m[i]! - grand) ** 2, 0) /
    ((k - 1) * (1 + 2 * (k - 2) * tmp));
  const df2 = 1 / (3 * tmp);
  return { test: { f, df1: k - 1, df2, p: fUpperTail(f, k - 1, df2) }, reason: null };
}

/** The one-way ANOVA F test of the groups (R's `anova(lm(y ~ group))`). */
export function onewayAnova(groups: readonly ValueGroup[]): FTestResult {
  const present = presentGroups(groups);
  const k = present.length;
  const total = present.reduce((sum, group) => sum + group.values.length, 0);
  if (k < 2) return { test: null, reason: 'At least two groups with values are needed.' };
  if (total - k < 1) {
    return { test: null, reason: 'Too few values: no residual degrees of freedom.' };
  }
  const grand = mean(present.flatMap((group) => group.values));
  let between = 0;
  let within = 0;
  for (const group of present) {
    const m = mean(group.values);
    between += group.values.length * (m - grand) ** 2;
    within += group.values.reduce((sum, value) => sum + (value - m) ** 2, 0);
  }
  const df1 = k - 1;
  const df2 = total - k;
  const f = between / df1 / (within / df2);
  return { test: { f, df1, df2, p: fUpperTail(f, df1, df2) }, reason: null };
}

/**
 * Levene's test of equal variances as `car::leveneTest(y ~ group, center = median)` (its
 * default, the Brown–Forsythe form; decision 0061): the one-way ANOVA of each value's absolute
 * distance from its group's median.
 */
export function leveneTest(groups: readonly ValueGroup[]): FTestResult {
  return onewayAnova(
    presentGroups(groups).map((group) => {
      const center = median(group.values);
      return { name: group.name, values: group.values.map((value) => Math.abs(value - center)) };
    }),
  );
}
