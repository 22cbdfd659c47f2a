import {
  analyseComputation,
  analyseMmm,
  analysesRArchive,
  analysesRScript,
  compareGroupCurves,
  formatAnalysesCsv,
} from '@coral/core/analysis';
import {
  CBASS_COLUMNS,
  COMPATIBILITY_NOTE,
  DEFAULT_GROUPING,
  colonyCurve,
  columnsThatSplitGenotypes,
  compareComputedGroups,
  computeEds,
  formatGroupComparisonCsv,
  formatPooledEdsCsv,
  formatEdResultsCsv,
  formatSummaryCsv,
  groupsInSummaryOrder,
  parseCbassCsv,
  readCsvTable,
  temperatureGrid,
  type CbassParseResult,
  type CbassRow,
  type EdComputation,
} from '@coral/core/ed50';
import { analysisChoicesProblem, type AnalysisChoices } from '../utils/analysis-choices';
import { decodeText } from './decode-text';
import {
  DEFAULT_METHOD,
  MAX_ISSUES,
  PREVIEW_ROWS,
  type AnalysesResult,
  type CalculatorResult,
  type ComputeMethod,
  type ColonyCurves,
  type ColumnCheck,
  type EngineRequest,
  type EngineResponse,
  type FileCheck,
  type GroupPoints,
} from './protocol';

/**
 * The calculator's work, run inside the Web Worker (or in the page where there is no Worker,
 * e.g. the unit tests): the ED engine of @coral/core, unchanged, and the few things the page
 * needs around it. Everything the page shows comes back in one structured-clonable message.
 */

/** The columns drm's fit reads; the other CBASSED50 columns are only checked for presence. */
const CALCULATION_COLUMNS = new Set([
  'Site',
  'Condition',
  'Species',
  'Genotype',
  'Temperature',
  'Timepoint',
  'Pam_value',
]);
/** Never offered as grouping columns: the curve identifier and the two measured variables. */
const NOT_GROUPING = new Set(['Genotype', 'Temperature', 'Pam_value']);
/** Progress messages at most this often (a file of many small groups reports thousands). */
const PROGRESS_INTERVAL_MS = 50;

async function readFile(file: Blob) {
  return decodeText(new Uint8Array(await file.arrayBuffer()));
}

export async function checkFile(file: Blob, fileName: string): Promise<FileCheck> {
  const { text, encoding } = await readFile(file);
  const parsed = parseCbassCsv(text);
  const notices =
    encoding === 'windows-1252'
      ? [
          'The file is not UTF-8; it was read as Windows-1252 (Excel’s “CSV (Comma delimited)”). Check that special characters in names look right.',
        ]
      : [];
  return {
    fileName,
    bytes: file.size,
    encoding,
    header: parsed.header,
    columns: columnChecks(parsed),
    extraColumns: extraColumns(parsed),
    errors: parsed.errors.slice(0, MAX_ISSUES),
    errorCount: parsed.errors.length,
    warnings: parsed.warnings.slice(0, MAX_ISSUES),
    warningCount: parsed.warnings.length,
    notices,
    dataRowCount: parsed.dataRowCount,
    validRowCount: parsed.rows.length,
    droppedRowCount: parsed.droppedRowCount,
    canCompute: parsed.canCompute,
    preview: previewRows(text),
    groupingOptions: groupingOptions(parsed),
    defaultGrouping: [...DEFAULT_GROUPING],
    genotypeSplits: columnsThatSplitGenotypes(
      parsed.rows,
      groupingOptions(parsed),
      DEFAULT_GROUPING,
    ),
    temperatures: [...new Set(parsed.rows.map((row) => row.temperature))].sort((a, b) => a - b),
  };
}

function columnChecks(parsed: CbassParseResult): ColumnCheck[] {
  const issueOf = (column: string, code: 'missing_column' | 'column_case_mismatch') =>
    [...parsed.errors, ...parsed.warnings].find(
      (issue) => issue.code === code && issue.column === column,
    );
  return CBASS_COLUMNS.map((column): ColumnCheck => {
    const usedByCalculation = CALCULATION_COLUMNS.has(column);
    const renamed = parsed.columnMapping.find((mapping) => mapping.column === column);
    if (renamed) {
      return {
        column,
        usedByCalculation,
        status: 'renamed',
        found: renamed.found,
        message: issueOf(column, 'column_case_mismatch')?.message ?? null,
      };
    }
    if (parsed.header.includes(column)) {
      return { column, usedByCalculation, status: 'found', found: column, message: null };
    }
    return {
      column,
      usedByCalculation,
      status: 'missing',
      found: null,
      message: issueOf(column, 'missing_column')?.message ?? `missing column ${column}`,
    };
  });
}

function extraColumns(parsed: CbassParseResult): string[] {
  const taken = new Set<string>([
    ...CBASS_COLUMNS,
    ...parsed.columnMapping.map((mapping) => mapping.found),
  ]);
  return parsed.header.filter((name) => name.trim() !== '' && !taken.has(name));
}

function groupingOptions(parsed: CbassParseResult): string[] {
  const present = new Set(parsed.rows[0] ? Object.keys(parsed.rows[0].values) : []);
  const others = [...present].filter(
    (column) => !NOT_GROUPING.has(column) && !DEFAULT_GROUPING.includes(column),
  );
  return [...DEFAULT_GROUPING.filter((column) => present.has(column)), ...others];
}

/** The first rows as the engine read them (the shared CSV reader), blank lines left out. */
function previewRows(text: string): FileCheck['preview'] {
  // Spreadsheet row numbers, as in the engine's messages: the header is row 1.
  return readCsvTable(text, { maxRecords: PREVIEW_ROWS }).records;
}

export async function computeFile(
  file: Blob,
  grouping: readonly string[],
  onProgress: (done: number, total: number) => void,
  {
    now = () => performance.now(),
    ...choices
  }: { now?: () => number } & Partial<ComputeMethod> = {},
): Promise<CalculatorResult> {
  const { fit, model, bounds, intervals, unrounded } = { ...DEFAULT_METHOD, ...choices };
  const { text } = await readFile(file);
  const started = now();
  const parsed = parseCbassCsv(text);
  let lastReport = -Infinity;
  const computation: EdComputation = parsed.canCompute
    ? computeEds(parsed.rows, {
        grouping,
        fit,
        model,
        intervals,
        ...(bounds ? { bounds } : {}),
        onProgress: (done, total) => {
          const time = now();
          if (done === total || time - lastReport >= PROGRESS_INTERVAL_MS) {
            lastReport = time;
            onProgress(done, total);
          }
        },
      })
    : {
        grouping: [...grouping],
        groups: [],
        colonies: [],
        errors: parsed.errors
          .filter((issue) => issue.row === undefined)
          .map((issue) => issue.message),
        method: COMPATIBILITY_NOTE,
        fit,
        model,
      };
  const order = new Map(computation.groups.map((group, index) => [group, index]));
  const comparisons = compareComputedGroups(computation, { unrounded });
  return {
    computation,
    summaryOrder: groupsInSummaryOrder(computation).map((group) => order.get(group)!),
    points: groupPoints(parsed.rows, computation.grouping, computation.groups),
    colonyCurves: colonyCurves(parsed.rows, computation.groups),
    resultsCsv: formatEdResultsCsv(computation, {
      rowNames: true,
      intervals: intervals || computation.fit === 'per-colony',
      unrounded,
    }),
    summaryCsv: formatSummaryCsv(computation, { unrounded }),
    comparisons,
    pooledCsv: formatPooledEdsCsv(computation, { unrounded }),
    comparisonCsv: formatGroupComparisonCsv(comparisons, { unrounded }),
    method: { fit, model, ...(bounds ? { bounds } : {}), intervals, unrounded },
    elapsedMs: now() - started,
  };
}

/**
 * The post-fit analyses of a computation (decision 0068), what `ed50 --analyses` writes
 * (apps/server/src/cli/ed50-analyses.ts): the analyses of its EDs, drc's compParm between its
 * groups' curves (a fit of its own through the file's rows), with MMMs ED − MMM and the
 * regression on MMM (`--mmm`: core's `analyseMmm`), the table and the R script. Choices core
 * refuses are refused with its message, before anything is computed.
 */
export async function analyseFile(
  file: Blob,
  computation: EdComputation,
  choices: AnalysisChoices,
  {
    unrounded = false,
    now = () => performance.now(),
  }: { unrounded?: boolean; now?: () => number } = {},
): Promise<AnalysesResult> {
  const { factors, pAdjust, mmm } = choices;
  const problem = analysisChoicesProblem(computation, choices);
  if (problem) throw new Error(problem);
  const started = now();
  const analyses = analyseComputation(computation, { factors, pAdjust, unrounded });
  const { text } = await readFile(file);
  const rows = parseCbassCsv(text).rows;
  const curves = compareGroupCurves(rows, computation.grouping);
  const mmmAnalyses = mmm ? analyseMmm(computation, mmm, { unrounded }) : null;
  const files = analysesRScript(computation, {
    factors,
    pAdjust,
    unrounded,
    ...(mmm ? { mmm } : {}),
    curves: { rows, grouping: computation.grouping },
  });
  return {
    analyses,
    choices: { factors: [...factors], pAdjust, mmm },
    csv: formatAnalysesCsv(analyses, { curves, ...(mmmAnalyses ? { mmm: mmmAnalyses } : {}) }),
    rArchive: analysesRArchive(files),
    curvesReason: curves.reason,
    mmm: mmm && mmmAnalyses ? { analyses: mmmAnalyses, column: mmm.column } : null,
    elapsedMs: now() - started,
  };
}

/** Every fitted colony's own curve, on the grid of the pooled curves (the whole file's range). */
function colonyCurves(rows: readonly CbassRow[], groups: EdComputation['groups']): ColonyCurves {
  const temperature = rows.length > 0 ? temperatureGrid(rows.map((row) => row.temperature)) : [];
  return {
    temperature,
    values: groups.map((group) => group.colonies.map((colony) => colonyCurve(colony, temperature))),
  };
}

/** The measurements of each group (the engine groups by the tuple of grouping values). */
function groupPoints(
  rows: readonly CbassRow[],
  grouping: readonly string[],
  groups: EdComputation['groups'],
): GroupPoints[] {
  const key = (value: (column: string) => string) => grouping.map(value).join('\u0000');
  const index = new Map(
    groups.map((group, i) => [key((column) => group.groupValues[column] ?? ''), i]),
  );
  const points = groups.map((): GroupPoints => ({ temperature: [], pamValue: [] }));
  for (const row of rows) {
    const i = index.get(key((column) => groupingValue(row, column)));
    if (i === undefined) continue;
    points[i]!.temperature.push(row.temperature);
    points[i]!.pamValue.push(row.pamValue);
  }
  return points;
}

/** As the engine reads a grouping value (its typed fields stand in for a missing column). */
function groupingValue(row: CbassRow, column: string): string {
  const value = row.values[column];
  if (value !== undefined) return value;
  const typed: Record<string, string> = {
    Site: row.site,
    Condition: row.condition,
    Species: row.species,
    Timepoint: row.timepoint,
  };
  return typed[column] ?? '';
}

/** Answers one request; `post` receives the progress messages and the final answer. */
export async function handleRequest(
  request: EngineRequest,
  post: (response: EngineResponse) => void,
): Promise<void> {
  try {
    if (request.kind === 'check') {
      post({
        id: request.id,
        kind: 'checked',
        check: await checkFile(request.file, request.fileName),
      });
    } else if (request.kind === 'analyse') {
      const analyses = await analyseFile(request.file, request.computation, request.choices, {
        unrounded: request.unrounded,
      });
      post({ id: request.id, kind: 'analysed', analyses });
    } else {
      const result = await computeFile(
        request.file,
        request.grouping,
        (done, total) => post({ id: request.id, kind: 'progress', done, total }),
        request.method,
      );
      post({ id: request.id, kind: 'computed', result });
    }
  } catch (error) {
    post({
      id: request.id,
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
