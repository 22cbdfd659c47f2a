import { factorialAnova, type AnovaResult } from './factorial-anova';
import { fitCellMeans } from './cell-means';
import { factorialDesign, type FactorialData } from './factorial-design';

/** One colony's influence on the factorial model. */
export interface ColonyInfluence {
  /** Index of the observation in the data given (observations without a value are skipped). */
  index: number;
  cooksDistance: number;
  /** Cook's distance above 4/n. */
  flagged: boolean;
}

export interface InfluenceScreening {
  /** 4/n, n the colonies with a value. */
  threshold: number;
  colonies: ColonyInfluence[];
  flaggedCount: number;
  /** The type II ANOVA refitted without the flagged colonies. */
  refit: AnovaResult;
}

export type InfluenceScreeningResult =
  { screening: InfluenceScreening; reason: null } | { screening: null; reason: string };

/**
 * Screening of influential colonies as the CBASS_methods scripts do it (decision 0061): Cook's
 * distance of every colony in the full factorial model y ~ A * B (R's `cooks.distance(lm)`:
 * (eᵢ / (s (1 − hᵢ)))² hᵢ / p), colonies above 4/n flagged, and the type II ANOVA refitted
 * without them. Flagged colonies are reported, never silently dropped.
 */
export function screenInfluentialColonies(data: FactorialData): InfluenceScreeningResult {
  const design = factorialDesign(data);
  // The full model is its cell means (cell-means.ts): a colony's residual is its distance to its
  // cell's mean, its leverage 1/n of its cell, and the model has one coefficient per cell.
  const fitted = fitCellMeans(design);
  if (fitted.fit === null) return { screening: null, reason: fitted.reason };
  const { rss, dfResidual, cellOf, count, mean } = fitted.fit;
  const s = Math.sqrt(rss / dfResidual);
  const p = count.length;
  const n = design.y.length;
  const threshold = 4 / n;
  const withValue = data.observations
    .map((observation, index) => ({ observation, index }))
    .filter(({ observation }) => Number.isFinite(observation.value));
  const colonies = withValue.map(({ index }, i) => {
    const cell = cellOf[i]!;
    const h = 1 / count[cell]!;
    const residual = design.y[i]! - mean[cell]!;
    const cooksDistance = (residual / (s * (1 - h))) ** 2 * (h / p);
    return { index, cooksDistance, flagged: cooksDistance > threshold };
  });
  const flagged = new Set(
    colonies.filter((colony) => colony.flagged).map((colony) => colony.index),
  );
  const refit = factorialAnova(
    {
      factors: data.factors,
      observations: data.observations.filter((_, index) => !flagged.has(index)),
    },
    2,
  );
  return {
    screening: { threshold, colonies, flaggedCount: flagged.size, refit },
    reason: null,
  };
}
