import { fitLinearModel, type LinearFitResult } from './linear-model';

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
  const cells = observations.map((o) => levels.map((list, f) => list.indexOf(o.levels[f]!)));
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

/** Least squares of y on the given terms. */
export function fitTerms(
  design: FactorialDesign,
  terms: readonly Term[],
  coding: Coding,
  intercept = true,
): LinearFitResult {
  return fitLinearModel(
    design.cells.map((cell) => designRow(design, cell, terms, coding, intercept)),
    design.y,
  );
}
