import Papa from 'papaparse';
import colonyEdsCsv from '../../../../../fixtures/analysis-reference/colony_eds.csv?raw';
import type { FactorialData } from '../factorial-design';

/**
 * The analyses' reference input (fixtures/analysis-reference/colony_eds.csv: the ED engine's
 * per-colony EDs of the seed's real PAM observations) and its subsets as make-reference.R takes
 * them.
 */
export const readCsv = (text: string) =>
  Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

export const colonyEds = readCsv(colonyEdsCsv);

export const KINDS = ['ED5', 'ED50', 'ED95'] as const;

/** make-reference.R's `inputs`: which rows, and the factors A and B. */
export const INPUTS = {
  fiji_vatu: {
    rows: (row: Record<string, string>) => row.Site === 'Vatu-o-lalai',
    a: 'Species',
    b: 'Condition',
  },
  caribbean: {
    rows: (row: Record<string, string>) => row.Condition === 'Caribbean',
    a: 'Site',
    b: 'Species',
  },
  arabseas: {
    rows: (row: Record<string, string>) => row.Condition === 'ArabSeas',
    a: 'Site',
    b: 'Species',
  },
} as const;
export type InputName = keyof typeof INPUTS;

/** R's round(x, digits) for the few values here (half away from zero never occurs at 17 digits). */
const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** The rows of an input with a value of `kind`, as make-reference.R's subset_of(). */
export function subsetOf(input: InputName, kind: string, digits?: number) {
  return colonyEds
    .filter((row) => INPUTS[input].rows(row) && row[kind] !== '')
    .map((row) => ({
      row,
      value: digits === undefined ? Number(row[kind]) : round(Number(row[kind]), digits),
      a: row[INPUTS[input].a]!,
      b: row[INPUTS[input].b]!,
    }));
}

/** An input as two-factor data, A and B named as in R's output. */
export function factorialOf(input: InputName, kind: string): FactorialData {
  return {
    factors: ['A', 'B'],
    observations: subsetOf(input, kind).map(({ value, a, b }) => ({ value, levels: [a, b] })),
  };
}

/** |actual − expected| ≤ tolerance · max(1, |expected|). */
export const within = (actual: number, expected: number, tolerance: number) =>
  Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected));

/** Relative difference, for p values (which may be tiny). */
export const relativeDifference = (actual: number, expected: number) =>
  expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
