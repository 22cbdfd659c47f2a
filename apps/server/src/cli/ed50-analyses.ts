import type { ed50 } from '@coral/core';
import * as analysis from '@coral/core/analysis';
import { CliFailure, CliUsageError } from './cli-command';

/** What `ed50 --analyses` needs of the command's arguments (decision 0061). */
export interface AnalysesArguments {
  analyses: string | null;
  mmm: string | null;
  factors: string[];
  pAdjust: analysis.PAdjustMethod;
  grouping: string[];
  unrounded: boolean;
  /** Folder for the R script and its data, or null. */
  analysesR: string | null;
}

export function mmmArgument(analyses: string | undefined, mmm: string | undefined): string | null {
  if (mmm !== undefined && analyses === undefined) {
    throw new CliUsageError('--mmm belongs to --analyses: give --analyses <file> too.');
  }
  return mmm ?? null;
}

export function analysesRArgument(
  analyses: string | undefined,
  folder: string | undefined,
): string | null {
  if (folder !== undefined && analyses === undefined) {
    throw new CliUsageError('--analyses-r belongs to --analyses: give --analyses <file> too.');
  }
  return folder ?? null;
}

/** --analyses, --factors and --p-adjust, each checked (the last two only with the first). */
export function analysesArguments(
  file: string | undefined,
  factors: string | undefined,
  pAdjust: string | undefined,
): Pick<AnalysesArguments, 'analyses' | 'factors' | 'pAdjust'> {
  if (file === undefined && (factors !== undefined || pAdjust !== undefined)) {
    throw new CliUsageError(
      '--factors and --p-adjust belong to --analyses: give --analyses <file> too.',
    );
  }
  // The command line has checked the choice already.
  const method = pAdjust !== undefined && analysis.isPAdjustMethod(pAdjust) ? pAdjust : 'holm';
  const list = factors === undefined ? [] : factors.split(',').map((factor) => factor.trim());
  if (list.some((factor) => factor === '') || list.length > 2) {
    throw new CliUsageError(
      `--factors takes one or two grouping columns separated by commas: "${factors}".`,
    );
  }
  return { analyses: file ?? null, factors: list, pAdjust: method };
}

/**
 * The --analyses table of a computation: the analyses of its EDs, drc's compParm between its
 * groups' curves (a fit of its own) and, with --mmm, ED − MMM and the regression on MMM. A bad
 * factor or MMM file stops the command with its reason.
 */
export function writeAnalyses(
  computation: ed50.EdComputation,
  rows: readonly ed50.CbassRow[],
  options: AnalysesArguments,
  io: { warn: (line: string) => void; readMmm: (file: string) => string },
): { table: string; rScript: analysis.ExportedFile[] | null } {
  if (options.factors.length > 0) {
    const problem = analysis.factorsProblem(computation, options.factors);
    if (problem) throw new CliUsageError(`--factors ${options.factors.join(',')}: ${problem}`);
  }
  const analyses = analysis.analyseComputation(computation, {
    factors: options.factors,
    pAdjust: options.pAdjust,
    unrounded: options.unrounded,
  });
  // drc's compParm between the groups' curves needs its own fit: one drm, a curve per group.
  const curves = analysis.compareGroupCurves(rows, options.grouping);
  if (curves.reason) io.warn(`Group curves not compared: ${curves.reason}`);
  const table = options.mmm ? mmmTable(computation, options.mmm, io.readMmm) : null;
  const mmm = table
    ? analysis.analyseMmm(computation, table, { unrounded: options.unrounded })
    : null;
  const rScript =
    options.analysesR === null
      ? null
      : analysis.analysesRScript(computation, {
          factors: options.factors,
          pAdjust: options.pAdjust,
          unrounded: options.unrounded,
          ...(table ? { mmm: table } : {}),
          curves: { rows, grouping: options.grouping },
        });
  return {
    table: analysis.formatAnalysesCsv(analyses, { curves, ...(mmm ? { mmm } : {}) }),
    rScript,
  };
}

/** The --mmm file's table, or the command stops with its problems. */
function mmmTable(
  computation: ed50.EdComputation,
  file: string,
  readMmm: (file: string) => string,
): analysis.MmmTable {
  const read = analysis.readMmmTable(readMmm(file), computation.grouping);
  if (read.table === null) {
    throw new CliFailure(
      [`${file} cannot be used:`, ...read.problems.map((p) => `  ${p}`)].join('\n'),
    );
  }
  return read.table;
}
