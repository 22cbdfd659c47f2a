import { fitCellMeans } from './cell-means';
import { linearModelRss } from './linear-model';

/**
 * A full factorial design (y ~ A * B * …) of per-colony values, as R's `model.matrix` builds it:
 * factor levels in order of first appearance (the calculator's order of groups), terms in R's
 * order (main effects, then two-way interactions, …), and either R's default treatment contrasts
 * or `contr.sum` (the coding car's type III tests need; decision 0061).
 */
export interface FactorialObservation {
  value: number;
  /** One level per factor, in the order of `FactorialData.factors`. */
  levels: readonly string[];
}

export interface FactorialData {
  factors: readonly string[];
  observations: readonly FactorialObservation[];
}

export type Coding = 'treatment' | 'sum';

export interface Term {
  /** Indices of the factors the term crosses: [0] is A, [0, 1] is A:B. */
  factors: number[];
  /** R's label, e.g. "Site:Species". */
  label: string;
}

export interface FactorialDesign {
  factors: readonly string[];
  levels: string[][];
  terms: Term[];
  /** Observations with a finite value, in the order given. */
  y: number[];
  /** Level index per factor, per observation. */
  cells: number[][];
}

/** Levels, terms and observations of a factorial design; observations without a value are left out. */
export function factorialDesign(data: FactorialData): FactorialDesign {
  const observations = data.observations.filter((observation) =>
    Number.isFinite(observation.value),
  );
  const levels = data.factors.map((_, f) => [...new Set(observations.map((o) => o.levels[f]!))]);
  // Level index by name (not indexOf: 1,000 groups, decision 0071); the first appearance's.
  const indexOf = levels.map((list) => new Map(list.map((level, i) => [level, i])));
  const cells = observations.map((o) => indexOf.map((index, f) => index.get(o.levels[f]!)!));
  const count = data.factors.length;
  const terms: Term[] = [];
  for (let size = 1; size <= count; size++) {
    const choose = (start: number, chosen: number[]) => {
      if (chosen.length === size) {
        terms.push({ factors: chosen, label: chosen.map((f) => data.factors[f]).join(':') });
        return;
      }
      for (let f = start; f < count; f++) choose(f + 1, [...chosen, f]);
    };
    choose(0, []);
  }
  return { factors: data.factors, levels, terms, y: observations.map((o) => o.value), cells };
}

/** The contrast columns of one level of a factor with `count` levels. */
function contrastRow(level: number, count: number, coding: Coding): number[] {
  if (coding === 'sum' && level === count - 1) return new Array<number>(count - 1).fill(-1);
  return Array.from({ length: count - 1 }, (_, k) =>
    (coding === 'sum' ? k === level : k === level - 1) ? 1 : 0,
  );
}

/** The columns of one term for one cell (R's column order: the first factor varies fastest). */
function termColumns(term: Term, cell: readonly number[], levels: string[][], coding: Coding) {
  let columns = [1];
  for (const f of term.factors) {
    const row = contrastRow(cell[f]!, levels[f]!.length, coding);
    columns = row.flatMap((value) => columns.map((previous) => previous * value));
  }
  return columns;
}

/** The design row of a cell for the given terms (with the intercept first if asked). */
export function designRow(
  design: FactorialDesign,
  cell: readonly number[],
  terms: readonly Term[],
  coding: Coding,
  intercept = true,
): number[] {
  return [
    ...(intercept ? [1] : []),
    ...terms.flatMap((term) => termColumns(term, cell, design.levels, coding)),
  ];
}

/** Number of columns of a term. */
export const termDf = (design: FactorialDesign, term: Term) =>
  term.factors.reduce((product, f) => product * (design.levels[f]!.length - 1), 1);

/**
 * The residual sum of squares of y on the given terms (decision 0071). Observations of one cell
 * (one combination of levels) share their design row, so the least squares run on the cells:
 * rows √n_c·x_c against √n_c·ȳ_c give the same coefficients, and the RSS is theirs plus the
 * within-cell sum of squares. A set of terms saturated in its factors (every interaction of them,
 * nothing else) is their cell means, with no QR at all.
 */
export function termsRss(
  design: FactorialDesign,
  terms: readonly Term[],
  coding: Coding,
  intercept = true,
): { rss: number; reason: null } | { rss: null; reason: string } {
  const used = [...new Set(terms.flatMap((term) => term.factors))].sort((a, b) => a - b);
  const saturated =
    intercept &&
    terms.length === 2 ** used.length - 1 &&
    terms.every((term) => term.factors.every((f) => used.includes(f)));
  if (saturated) {
    const fit = fitCellMeans(design, used);
    return fit.fit === null
      ? { rss: null, reason: fit.reason }
      : { rss: fit.fit.rss, reason: null };
  }
  const p = (intercept ? 1 : 0) + terms.reduce((sum, term) => sum + termDf(design, term), 0);
  const n = design.y.length;
  if (n <= p) {
    return {
      rss: null,
      reason: `${n} observations for ${p} coefficients: at least ${p + 1} are needed.`,
    };
  }
  const full = fitCellMeans(design);
  if (full.fit === null) return { rss: null, reason: full.reason };
  const { count, mean, cellOf } = full.fit;
  const levelsOf = new Map<number, readonly number[]>();
  cellOf.forEach((cell, i) => {
    if (!levelsOf.has(cell)) levelsOf.set(cell, design.cells[i]!);
  });
  const cells = [...levelsOf.keys()].sort((a, b) => a - b);
  const rows = cells.map((cell) => {
    const weight = Math.sqrt(count[cell]!);
    return designRow(design, levelsOf.get(cell)!, terms, coding, intercept).map(
      (value) => value * weight,
    );
  });
  // Only the RSS is read: no covariance, hat values or residuals (decision 0071).
  const fit = linearModelRss(
    rows,
    cells.map((cell) => Math.sqrt(count[cell]!) * mean[cell]!),
    { exactFit: true },
  );
  return fit.rss === null
    ? { rss: null, reason: fit.reason }
    : { rss: fit.rss + full.fit.rss, reason: null };
}
