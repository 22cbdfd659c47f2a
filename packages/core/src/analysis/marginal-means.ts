import { tukeyUpperTail } from '../ed50/group-comparison';
import { studentTCdf, studentTQuantile } from './distributions';
import { designRow, factorialDesign, fitTerms, type FactorialData } from './factorial-design';

/** One estimated marginal mean, as a row of `summary(emmeans(fit, ~ factor))`. */
export interface MarginalMean {
  level: string;
  estimate: number;
  se: number;
  df: number;
  /** The 95 % confidence limits (t quantile with the residual df). */
  lower: number;
  upper: number;
}

/** One pairwise contrast, as a row of `summary(pairs(emmeans(fit, ~ factor)))`. */
export interface MarginalContrast {
  /** "level − other level", emmeans' label "a - b". */
  contrast: string;
  level: string;
  other: string;
  estimate: number;
  se: number;
  df: number;
  tRatio: number;
  /**
   * Tukey-adjusted p value (emmeans' default for pairs): ptukey(√2·|t|, levels, df); with two
   * levels, the one contrast's t test.
   */
  p: number;
  /** Unadjusted two-sided p value of the t ratio. */
  pUnadjusted: number;
}

export interface MarginalMeans {
  factor: string;
  means: MarginalMean[];
  contrasts: MarginalContrast[];
}

export type MarginalMeansResult =
  { result: MarginalMeans; reason: null } | { result: null; reason: string };

/**
 * Estimated marginal means of one factor of the full factorial model y ~ A * B * … and their
 * Tukey-adjusted pairwise contrasts, as `emmeans(lm(y ~ A * B), ~ A)` and `pairs(…)` give them
 * (decision 0061): each level's mean is the equally weighted average of the model's predictions
 * over every combination of the other factors' levels (the reference grid), with its standard
 * error from the coefficients' covariance; contrasts are every level minus each later one.
 */
export function marginalMeans(data: FactorialData, factor: string): MarginalMeansResult {
  const design = factorialDesign(data);
  const index = design.factors.indexOf(factor);
  if (index < 0) return { result: null, reason: `${factor} is not one of the factors.` };
  if (design.levels[index]!.length < 2) {
    return { result: null, reason: `${factor} needs at least two levels with values.` };
  }
  const fitted = fitTerms(design, design.terms, 'treatment');
  if (fitted.fit === null) return { result: null, reason: fitted.reason };
  const { coefficients, unscaledCovariance, rss, dfResidual } = fitted.fit;
  const sigma2 = rss / dfResidual;

  // Reference grid: every combination of levels; the weights of a level average its cells.
  let grid: number[][] = [[]];
  for (const levels of design.levels) {
    grid = grid.flatMap((cell) => levels.map((_, l) => [...cell, l]));
  }
  const linear = design.levels[index]!.map((_, level) => {
    const cells = grid.filter((cell) => cell[index] === level);
    const sum = new Array<number>(coefficients.length).fill(0);
    for (const cell of cells) {
      designRow(design, cell, design.terms, 'treatment').forEach((value, k) => (sum[k]! += value));
    }
    return sum.map((value) => value / cells.length);
  });
  const dot = (a: readonly number[], b: readonly number[]) =>
    a.reduce((total, value, k) => total + value * b[k]!, 0);
  const variance = (l: readonly number[]) =>
    sigma2 *
    dot(
      l,
      unscaledCovariance.map((row) => dot(row, l)),
    );
  const quantile = studentTQuantile(0.975, dfResidual);
  const names = design.levels[index]!;
  const means = linear.map((l, level) => {
    const estimate = dot(l, coefficients);
    const se = Math.sqrt(variance(l));
    return {
      level: names[level]!,
      estimate,
      se,
      df: dfResidual,
      lower: estimate - quantile * se,
      upper: estimate + quantile * se,
    };
  });
  const contrasts: MarginalContrast[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const l = linear[i]!.map((value, k) => value - linear[j]![k]!);
      const estimate = dot(l, coefficients);
      const se = Math.sqrt(variance(l));
      const tRatio = estimate / se;
      const pUnadjusted = 2 * studentTCdf(Math.abs(tRatio), dfResidual, false);
      contrasts.push({
        contrast: `${names[i]} - ${names[j]}`,
        level: names[i]!,
        other: names[j]!,
        estimate,
        se,
        df: dfResidual,
        tRatio,
        // One contrast is a family of one: emmeans then reports the t test's p value (equal to
        // ptukey's in theory; ptukey's quadrature is only good to about 1e-10).
        p:
          names.length === 2
            ? pUnadjusted
            : tukeyUpperTail(Math.SQRT2 * Math.abs(tRatio), names.length, dfResidual),
        pUnadjusted,
      });
    }
  }
  return { result: { factor, means, contrasts }, reason: null };
}
