import { formatPValue } from '@coral/core/ed50';

/**
 * How the analysis tables print numbers. The tables are for reading; the analyses CSV and the R
 * script carry full precision (decision 0068).
 */

/** A p value with 4 significant digits, as the calculator's Tukey table prints it. */
export const pValue = (p: number | null) => (p === null ? '' : formatPValue(p));

/** A statistic (F, t, W, sums of squares) with 3 decimals; whole numbers as they are. */
export const statistic = (x: number | null) =>
  x === null ? '' : Number.isInteger(x) ? String(x) : x.toFixed(3);

/** Degrees of freedom: whole numbers as they are, Welch's fractional df with 2 decimals. */
export const degrees = (df: number) => (Number.isInteger(df) ? String(df) : df.toFixed(2));

/** °C values (means, differences, limits) with 2 decimals, without "-0.00". */
export const celsius2 = (x: number) => (Math.abs(x) < 0.005 ? 0 : x).toFixed(2);
