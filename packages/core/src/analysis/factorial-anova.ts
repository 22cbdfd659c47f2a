import { fUpperTail } from './distributions';
import { fitCellMeans, typeThreeSumSquares } from './cell-means';
import {
  factorialDesign,
  termDf,
  termsRss,
  type FactorialData,
  type Term,
} from './factorial-design';

/** One row of car's `Anova` table. */
export interface AnovaRow {
  /** "(Intercept)" (type III only), a term such as "Site:Species", or "Residuals". */
  term: string;
  sumSquares: number;
  df: number;
  /** F value and its p value (null on the Residuals row). */
  f: number | null;
  p: number | null;
}

export type AnovaResult = { rows: AnovaRow[]; reason: null } | { rows: null; reason: string };

/**
 * The factorial ANOVA of per-colony values (y ~ A * B * …, every interaction) as
 * `car::Anova(lm(y ~ A * B), type = 2 | 3)` gives it (decision 0061):
 * - type II: each term tested after every term that does not contain it (marginality respected),
 *   the same with any contrast coding;
 * - type III: each term (and the intercept) tested last, with `contr.sum` coding as is standard
 *   (type III with R's default treatment contrasts tests something else).
 * Every test's denominator is the full model's residual mean square. The full model is its cell
 * means and type III sums of squares are tests of the cell means (cell-means.ts, decision 0071).
 */
export function factorialAnova(data: FactorialData, type: 2 | 3): AnovaResult {
  const design = factorialDesign(data);
  if (design.levels.some((levels) => levels.length < 2)) {
    return { rows: null, reason: 'Every factor needs at least two levels with values.' };
  }
  const full = fitCellMeans(design);
  if (full.fit === null) return { rows: null, reason: full.reason };
  const { rss, dfResidual } = full.fit;
  if (dfResidual < 1) return { rows: null, reason: 'No residual degrees of freedom are left.' };
  const meanSquareError = rss / dfResidual;
  const row = (term: string, sumSquares: number, df: number): AnovaRow => {
    const f = sumSquares / df / meanSquareError;
    return { term, sumSquares, df, f, p: fUpperTail(f, df, dfResidual) };
  };
  const fitted = new Map<string, number>();
  const rssOf = (terms: readonly Term[]) => {
    const key = terms.map((term) => term.label).join(' + ');
    const known = fitted.get(key);
    if (known !== undefined) return known;
    const result = termsRss(design, terms, 'sum');
    if (result.rss === null) throw new Error(result.reason);
    fitted.set(key, result.rss);
    return result.rss;
  };
  const rows: AnovaRow[] = [];
  if (type === 2) {
    const contains = (outer: Term, inner: Term) =>
      inner.factors.every((f) => outer.factors.includes(f));
    for (const term of design.terms) {
      const others = design.terms.filter((candidate) => !contains(candidate, term));
      rows.push(row(term.label, rssOf(others) - rssOf([...others, term]), termDf(design, term)));
    }
  } else {
    rows.push(row('(Intercept)', typeThreeSumSquares(full.fit, []), 1));
    for (const term of design.terms) {
      rows.push(row(term.label, typeThreeSumSquares(full.fit, term.factors), termDf(design, term)));
    }
  }
  rows.push({ term: 'Residuals', sumSquares: rss, df: dfResidual, f: null, p: null });
  return { rows, reason: null };
}
