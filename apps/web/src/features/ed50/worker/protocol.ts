import type { AnalysesByKind, KindMmmAnalyses } from '@coral/core/analysis';
import type { AnalysisChoices } from '../utils/analysis-choices';
import type {
  CbassIssue,
  compareComputedGroups,
  EdComputation,
  EdFitMode,
  EdModel,
  GenotypeSplit,
  ParameterBounds,
} from '@coral/core/ed50';

/**
 * How the page asks the engine to compute (decision 0027): CBASSED50's joint LL.3 fit by
 * default, or the options published CBASSED studies used, as the CLI's flags give them.
 */
export interface ComputeMethod {
  fit: EdFitMode;
  model: EdModel;
  /** drm's lowerl / upperl of the LL.3 fits (decision 0034); absent: no limits. */
  bounds?: ParameterBounds;
  /** Delta-method SEs and 95 % intervals for the joint fit too (per-colony fits always have them). */
  intervals: boolean;
  /** Values at full precision in the downloads and the comparison, as the CLI's --unrounded. */
  unrounded: boolean;
}

export const DEFAULT_METHOD: ComputeMethod = {
  fit: 'joint',
  model: 'LL.3',
  intervals: false,
  unrounded: false,
};

/**
 * Messages between the calculator page and its Web Worker (decision 0010). The worker is
 * stateless: every request carries the file, so a cancelled computation (the worker is
 * terminated) leaves nothing behind, and the page never holds the parsed rows.
 */
export type EngineRequest =
  | { id: number; kind: 'check'; file: Blob; fileName: string }
  | {
      id: number;
      kind: 'compute';
      file: Blob;
      grouping: string[];
      method: ComputeMethod;
    }
  | {
      id: number;
      kind: 'analyse';
      /** The computed file again (the worker keeps nothing): drc's compParm refits its rows. */
      file: Blob;
      computation: EdComputation;
      choices: AnalysisChoices;
      unrounded: boolean;
    };

export type EngineResponse =
  | { id: number; kind: 'checked'; check: FileCheck }
  | { id: number; kind: 'progress'; done: number; total: number }
  | { id: number; kind: 'computed'; result: CalculatorResult }
  | { id: number; kind: 'analysed'; analyses: AnalysesResult }
  | { id: number; kind: 'failed'; message: string };

/** How one of CBASSED50's columns was found in the file's header. */
export interface ColumnCheck {
  /** The column as CBASSED50 spells it, e.g. "Pam_value". */
  column: string;
  /** Needed by the calculation (the others are only required by CBASSED50's validation). */
  usedByCalculation: boolean;
  /** "renamed": found under another letter case or separator (e.g. PAM_value), and used. */
  status: 'found' | 'renamed' | 'missing';
  /** The header cell as written in the file. */
  found: string | null;
  /** The engine's own message for a renamed or missing column. */
  message: string | null;
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** What the page shows after a file is chosen: preview, column check, problems. */
export interface FileCheck {
  fileName: string;
  bytes: number;
  encoding: TextEncodingName;
  header: string[];
  columns: ColumnCheck[];
  /** Header cells that are not CBASSED50 columns (kept, not used). */
  extraColumns: string[];
  /** At most MAX_ISSUES of each; the counts are the totals. */
  errors: CbassIssue[];
  errorCount: number;
  warnings: CbassIssue[];
  warningCount: number;
  /** Problems of the file as a whole that are not the engine's (e.g. its text encoding). */
  notices: string[];
  dataRowCount: number;
  validRowCount: number;
  droppedRowCount: number;
  canCompute: boolean;
  /** The first PREVIEW_ROWS data rows as written in the file, with their spreadsheet row. */
  preview: { row: number; cells: string[] }[];
  /** Columns that can group the fits (defaults first), and CBASSED50's default grouping. */
  groupingOptions: string[];
  defaultGrouping: string[];
  /** Grouping columns that tell rows of one genotype apart: unticked, they merge them (decision 0062). */
  genotypeSplits: GenotypeSplit[];
  /** Distinct temperatures of the valid rows, ascending. */
  temperatures: number[];
}

/** Raw measurements of one group, for its plot. */
export interface GroupPoints {
  temperature: number[];
  pamValue: number[];
}

/**
 * Each colony's own fitted curve (from its group's joint fit, or its own fit with the per-colony
 * method; core's colonyCurve), on the grid of the pooled curves: what "Show each genotype's
 * curve" draws.
 */
export interface ColonyCurves {
  temperature: number[];
  /** Per group, per colony (the order of group.colonies); null for a colony not fitted. */
  values: (number[] | null)[][];
}

export interface CalculatorResult {
  computation: EdComputation;
  /** Indexes into computation.groups in the order of CBASSED50's summary table. */
  summaryOrder: number[];
  /** Per group (same index as computation.groups). */
  points: GroupPoints[];
  colonyCurves: ColonyCurves;
  /**
   * ED50_Results.csv as CBASSED50's download writes it (index column, NA when not estimable);
   * with intervals (always with the per-colony method) followed by the SE and 95 % limit
   * columns; with `unrounded`, values at full precision.
   */
  resultsCsv: string;
  summaryCsv: string;
  /** Tukey HSD of the groups' mean EDs per threshold kind (R's TukeyHSD(aov(ED ~ group))). */
  comparisons: ReturnType<typeof compareComputedGroups>;
  /** Each group's pooled EDs with their delta-method intervals, as CSV. */
  pooledCsv: string;
  /** The comparisons as CSV (every kind, R's pair order). */
  comparisonCsv: string;
  /** The method the numbers were computed with (the page's choices when it asked). */
  method: ComputeMethod;
  elapsedMs: number;
}

export const MAX_ISSUES = 200;
export const PREVIEW_ROWS = 10;

/** The post-fit analyses of a computation, with the CLI's table and R script (decision 0068). */
export interface AnalysesResult {
  analyses: AnalysesByKind;
  choices: AnalysisChoices;
  /** `formatAnalysesCsv`: the table `ed50 --analyses` writes, drc's compParm included. */
  csv: string;
  /** `analysesRScript`'s files as one ZIP (`analysesRArchive`). */
  rArchive: Uint8Array;
  /** Why the groups' curves were not compared by compParm, or null. */
  curvesReason: string | null;
  /** With MMMs (`--mmm`): core's `analyseMmm` and the column the MMMs are per; else null. */
  mmm: { analyses: Record<keyof AnalysesByKind, KindMmmAnalyses>; column: string } | null;
  elapsedMs: number;
}
