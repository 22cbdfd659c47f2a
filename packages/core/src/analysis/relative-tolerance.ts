import { studentTCdf } from './distributions';

/** A colony's ED and the maximum monthly mean (MMM, °C) of its site. */
export interface EdWithMmm {
  ed: number;
  mmm: number;
}

/**
 * Thermal tolerance relative to the local maximum monthly mean: ED − MMM (°C above the warmest
 * month's mean), the response Evensen et al. 2022 compare across sites (decision 0061). Null
 * where either value is missing.
 */
export const relativeTolerance = (ed: number | null, mmm: number | null): number | null =>
  ed === null || mmm === null || !Number.isFinite(ed) || !Number.isFinite(mmm) ? null : ed - mmm;

/** One coefficient of a simple linear regression, as a row of `summary(lm(y ~ x))$coefficients`. */
export interface RegressionCoefficient {
  estimate: number;
  se: number;
  t: number;
  p: number;
}

export interface MmmRegression {
  n: number;
  intercept: RegressionCoefficient;
  slope: RegressionCoefficient;
  rSquared: number;
  adjustedRSquared: number;
  /** Residual standard error and its degrees of freedom. */
  sigma: number;
  df: number;
  /** Mean of ED − MMM over the points. */
  meanRelative: number;
}

export type MmmRegressionResult =
  { regression: MmmRegression; reason: null } | { regression: null; reason: string };

/**
 * ED against MMM (lm(ED ~ MMM)): slope, intercept, their standard errors, t and two-sided p,
 * R² and adjusted R², as `summary(lm(ed ~ mmm))` gives them (decision 0061). Points are colonies,
 * or one per site (the site's mean ED at its MMM), as the caller chooses; points missing either
 * value are left out.
 */
export function regressOnMmm(points: readonly EdWithMmm[]): MmmRegressionResult {
  const used = points.filter((point) => Number.isFinite(point.ed) && Number.isFinite(point.mmm));
  const n = used.length;
  if (n < 3) {
    return {
      regression: null,
      reason: `${n} points with an ED and an MMM: at least 3 are needed.`,
    };
  }
  const meanX = used.reduce((sum, point) => sum + point.mmm, 0) / n;
  const meanY = used.reduce((sum, point) => sum + point.ed, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const { mmm, ed } of used) {
    sxx += (mmm - meanX) ** 2;
    sxy += (mmm - meanX) * (ed - meanY);
    syy += (ed - meanY) ** 2;
  }
  // As lm's QR (tolerance 1e-7): an MMM column that is constant up to rounding has no slope.
  const sumSquaresX = used.reduce((sum, point) => sum + point.mmm * point.mmm, 0);
  if (!(sxx > 1e-14 * sumSquaresX)) {
    return { regression: null, reason: 'Every point has the same MMM: no slope can be fitted.' };
  }
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  let rss = 0;
  for (const { mmm, ed } of used) rss += (ed - intercept - slope * mmm) ** 2;
  const df = n - 2;
  const sigma2 = rss / df;
  const coefficient = (estimate: number, se: number): RegressionCoefficient => {
    const t = estimate / se;
    return { estimate, se, t, p: 2 * studentTCdf(Math.abs(t), df, false) };
  };
  const rSquared = 1 - rss / syy;
  return {
    regression: {
      n,
      intercept: coefficient(intercept, Math.sqrt(sigma2 * (1 / n + (meanX * meanX) / sxx))),
      slope: coefficient(slope, Math.sqrt(sigma2 / sxx)),
      rSquared,
      adjustedRSquared: 1 - (1 - rSquared) * ((n - 1) / df),
      sigma: Math.sqrt(sigma2),
      df,
      meanRelative: used.reduce((sum, point) => sum + point.ed - point.mmm, 0) / n,
    },
    reason: null,
  };
}
