import { tukeyUpperTails } from '../ed50/group-comparison';
import { studentTCdf, studentTQuantile } from './distributions';
import { fitCellMeans } from './cell-means';
import { factorialDesign, type FactorialData } from './factorial-design';

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
  const fitted = fitCellMeans(design);
  if (fitted.fit === null) return { result: null, reason: fitted.reason };
  const { sizes, strides, count, mean, rss, dfResidual } = fitted.fit;
  const sigma2 = rss / dfResidual;

  // Reference grid: every cell; a level's mean is the plain average of its cells' means (the
  // saturated model's predictions, equal weights), its variance σ²/m² Σ 1/n_c over its m cells
  // (cell means are independent: decision 0071).
  const levelCount = sizes[index]!;
  const sums = new Float64Array(levelCount);
  const inverseCounts = new Float64Array(levelCount);
  for (let cell = 0; cell < count.length; cell++) {
    const level = Math.floor(cell / strides[index]!) % levelCount;
    sums[level]! += mean[cell]!;
    inverseCounts[level]! += 1 / count[cell]!;
  }
  const perLevel = count.length / levelCount;
  const levelMean = (level: number) => sums[level]! / perLevel;
  const levelVariance = (level: number) => (sigma2 * inverseCounts[level]!) / perLevel ** 2;
  const quantile = studentTQuantile(0.975, dfResidual);
  const names = design.levels[index]!;
  const means = names.map((_, level) => {
    const estimate = levelMean(level);
    const se = Math.sqrt(levelVariance(level));
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
  // One family: every contrast's ptukey has the same levels and df (decision 0071).
  const tukey = names.length === 2 ? null : tukeyUpperTails(names.length, dfResidual);
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const estimate = levelMean(i) - levelMean(j);
      const se = Math.sqrt(levelVariance(i) + levelVariance(j));
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
        p: tukey === null ? pUnadjusted : tukey(Math.SQRT2 * Math.abs(tRatio)),
        pUnadjusted,
      });
    }
  }
  return { result: { factor, means, contrasts }, reason: null };
}
