import {
  factorsProblem,
  isPAdjustMethod,
  mmmKeys,
  mmmTableProblems,
  P_ADJUST_METHODS,
  readMmmTable,
  readTypedMmm,
  type MmmTable,
  type PAdjustMethod,
} from '@coral/core/analysis';
import type { EdComputation } from '@coral/core/ed50';

export interface AnalysisChoices {
  /** None, one or two of the computation's grouping columns (`--factors`). */
  factors: string[];
  /** p adjustment of the pairwise Wilcoxon tests (`--p-adjust`). */
  pAdjust: PAdjustMethod;
  /** The MMM per value of a grouping column (`--mmm`), or null for none. */
  mmm: MmmTable | null;
}

export const DEFAULT_ANALYSIS_CHOICES: AnalysisChoices = {
  factors: [],
  pAdjust: 'holm',
  mmm: null,
};

/**
 * Why the analyses cannot run with these choices (decision 0068), or null: core's message for
 * factors (`factorsProblem`; no factor at all is allowed and leaves out the factorial part), a
 * p adjustment R's `p.adjust` does not know, or an MMM table that does not fit the data (core's
 * `mmmTableProblems`). The page checks before it asks, the worker again.
 */
export function analysisChoicesProblem(
  computation: EdComputation,
  { factors, pAdjust, mmm }: AnalysisChoices,
): string | null {
  const problem = factors.length > 0 ? factorsProblem(computation, factors) : null;
  if (problem) return problem;
  if (!isPAdjustMethod(pAdjust)) {
    return `"${String(pAdjust)}" is not a p-value adjustment: choose one of ${P_ADJUST_METHODS.join(', ')}.`;
  }
  if (mmm) {
    if (!computation.grouping.includes(mmm.column)) {
      return `The MMM is given per ${mmm.column}, which is not a grouping column (${computation.grouping.join(', ')}).`;
    }
    const problems = mmmTableProblems(computation, mmm);
    if (problems.length > 0) return problems.join(' ');
  }
  return null;
}

/**
 * The MMMs as the page holds them while they are typed or loaded (decision 0068): the grouping
 * column they are per (Site unless the file says otherwise) and the text typed per value.
 */
export interface MmmDraft {
  column: string;
  cells: Record<string, string>;
  /** A loaded file's order of its rows (kept in mmm.csv of the R script, as the CLI keeps it). */
  order?: string[];
}

/** The column MMMs are per by default: Site when the grouping has it (as the CLI's files). */
export function defaultMmmColumn(computation: EdComputation): string {
  return computation.grouping.includes('Site') ? 'Site' : (computation.grouping[0] ?? 'Site');
}

export type MmmRead =
  { table: MmmTable | null; problems: [] } | { table: null; problems: string[] };

/**
 * The typed MMMs as core's table (every cell by `readTypedMmm`, every value of the data by
 * `mmmTableProblems`), or null when no cell is filled (the analyses then run without MMM).
 */
export function mmmFromDraft(computation: EdComputation, draft: MmmDraft): MmmRead {
  const data = mmmKeys(computation, draft.column);
  const order = (draft.order ?? []).filter((key) => data.includes(key));
  const keys = [...order, ...data.filter((key) => !order.includes(key))];
  const cells = keys.map((key) => [key, draft.cells[key] ?? ''] as const);
  if (cells.every(([, text]) => text.trim() === '')) return { table: null, problems: [] };
  const read = readTypedMmm(draft.column, cells);
  if (read.table === null) return read;
  const problems = mmmTableProblems(computation, read.table);
  return problems.length > 0 ? { table: null, problems } : { table: read.table, problems: [] };
}

/**
 * An MMM file (the CLI's `--mmm` format, read by core's `readMmmTable`) as a draft of the page's
 * table, or its problems: the file's own, then sites it names that the data has not and sites of
 * the data it gives no MMM for (`mmmTableProblems`).
 */
export function mmmDraftFromFile(
  computation: EdComputation,
  text: string,
): { draft: MmmDraft; problems: [] } | { draft: null; problems: string[] } {
  const read = readMmmTable(text, computation.grouping);
  if (read.table === null) return { draft: null, problems: read.problems };
  const problems = mmmTableProblems(computation, read.table);
  if (problems.length > 0) return { draft: null, problems };
  const { column, mmm } = read.table;
  return {
    draft: {
      column,
      cells: Object.fromEntries([...mmm].map(([key, value]) => [key, String(value)])),
      order: [...mmm.keys()],
    },
    problems: [],
  };
}

/** Whether two MMM tables give the same MMM to the same values of the same column. */
export function sameMmm(a: MmmTable | null, b: MmmTable | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.column === b.column &&
    a.mmm.size === b.mmm.size &&
    [...a.mmm].every(([key, value]) => b.mmm.get(key) === value)
  );
}
