import type { ColumnMatch } from '../tabular/column-spec';
import { curveCandidates, matchEdRows, readEdRows } from './ed-results';
import type { DataTable } from '../tabular/data-table';
import {
  detectSchema,
  ED_RESULTS_FILE,
  FORMAT_LABELS,
  isUploadFormat,
  readUploadTable,
  recognizeHeader,
  UPLOAD_FORMAT_WORDS,
  uploadFormat,
  type CsvSchema,
  type HeaderRecognition,
  type UploadFormat,
} from './formats/registry';
import { describePairMismatch, pairEdRows } from './pair-check';
import type { PlanBuilder } from './plan-builder';
import { ProblemList, type UploadError, type UploadFileRole, type UploadNotice } from './problems';
import { FlagList } from './quality-flags';
import { checkInputs } from './input-flags';
import { runQualityChecks } from './quality-checks';
import { RowReader } from './row-reader';
import type { UploadPlan } from './upload-plan';

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
}

export interface PrepareOptions {
  /** "Today" for date checks (tests fix it). */
  today?: Date;
  /** Colonies refitted at most (REFIT_DEFAULT_MAX_COLONIES). */
  refitMaxColonies?: number;
}

export type PrepareResult =
  | { ok: true; plan: UploadPlan<UploadFormat> }
  | {
      ok: false;
      format: UploadFormat | null;
      rowCount: number;
      columnMapping: ColumnMatch[];
      errors: UploadError[];
      warnings: UploadNotice[];
    };

const FILE_LABEL: Record<UploadFileRole, string> = {
  main: 'main data file',
  ed50: 'ED50 results file',
};

interface ReadFile {
  table: DataTable;
  recognition: HeaderRecognition;
  reader: RowReader;
}

/**
 * The whole upload check that needs no database: both files are read by their file type
 * (CSV: decoded and parsed with a real CSV parser), recognised by the format registry (standard
 * schema or raw CBASS; header variants mapped), validated row by row by their layout, matched
 * (ED rows to colonies by the grouping tuple) and quality-checked. Either a plan comes out, or
 * the complete row-level report of what to fix. Never throws on bad input.
 */
export function prepareUpload(
  main: UploadFile,
  ed: UploadFile | null,
  options: PrepareOptions = {},
): PrepareResult {
  const today = options.today ?? new Date();
  const problems = new ProblemList();
  let format: UploadFormat | null = null;
  let rowCount = 0;
  let columnMapping: ColumnMatch[] = [];
  const failed = (): PrepareResult => ({
    ok: false,
    format,
    rowCount,
    columnMapping,
    errors: problems.report(),
    warnings: problems.notices(),
  });

  const mainFile = openFile(main, 'main', problems);
  if (!mainFile) return failed();
  format = mainFile.recognition.schema as UploadFormat;
  const layout = uploadFormat(format);
  columnMapping = mainFile.recognition.matches;
  rowCount = mainFile.table.records.length;
  if (layout.edFile.needed === 'always' && ed === null) {
    problems.error(fileError('main', layout.edFile.problem, layout.edFile.fix));
    return failed();
  }
  if (problems.hasErrors) return failed();

  const { builder, missingPam } = layout.readRows(mainFile.table.records, mainFile.reader, today);

  let edMapping: ColumnMatch[] = [];
  if (ed !== null) {
    const edFile = openFile(ed, 'ed50', problems);
    if (edFile) {
      edMapping = edFile.recognition.matches;
      const edRows = readEdRows(edFile.table.records, edFile.reader);
      if (!problems.hasErrors) matchEdRows(builder, edRows, mainFile.reader, edFile.reader, layout);
      warnDecimalCommas(edFile.reader, problems);
    }
  }
  if (problems.hasErrors) return failed();

  warnDecimalCommas(mainFile.reader, problems);
  if (missingPam.length > 0) {
    problems.warning({
      file: 'main',
      row: missingPam[0]!,
      column: mainFile.reader.columnName('pamValue'),
      message: `${missingPam.length} row${missingPam.length === 1 ? ' has' : 's have'} no PAM value (NA), first row ${missingPam[0]}: stored without a value and left out of the refit.`,
    });
  }
  linkObservations(builder);
  const flags = new FlagList();
  runQualityChecks(builder, flags, { refitMaxColonies: options.refitMaxColonies });
  checkInputs(builder, flags);

  return {
    ok: true,
    plan: {
      format,
      rowCount,
      columnMapping,
      edColumnMapping: edMapping,
      ignoredColumns: mainFile.recognition.ignored.map((c) => c.found),
      projects: [...builder.projects.values()],
      publications: [...builder.publications.values()],
      experiments: [...builder.experiments.values()],
      colonies: [...builder.colonies.values()],
      biosamples: [...builder.biosamples.values()],
      observations: builder.observations,
      curves: [...builder.curves.values()],
      warnings: problems.notices(),
      flags: flags.list(),
    },
  };
}

/**
 * Whether the ED50 results file belongs to the main data file, decided in the browser before
 * anything is sent (decision 0022): both files are read as the worker reads them and paired by the
 * same rule (pair-check.ts). Null when they pair up, and also when a file has problems of its
 * own: those the server reports row by row.
 */
export function checkUploadPair(
  main: UploadFile,
  ed: UploadFile,
  options: Pick<PrepareOptions, 'today'> = {},
): { problem: string; fix: string } | null {
  const problems = new ProblemList();
  const mainFile = openFile(main, 'main', problems);
  const edFile = mainFile && openFile(ed, 'ed50', problems);
  if (!mainFile || !edFile || problems.hasErrors) return null;
  const layout = uploadFormat(mainFile.recognition.schema as UploadFormat);
  const { builder } = layout.readRows(
    mainFile.table.records,
    mainFile.reader,
    options.today ?? new Date(),
  );
  const edRows = readEdRows(edFile.table.records, edFile.reader);
  if (problems.hasErrors) return null;
  const candidates = curveCandidates(builder);
  const problem = describePairMismatch(candidates, pairEdRows(candidates, edRows, layout), layout);
  return problem === null
    ? null
    : {
        problem,
        fix: `Choose the ED50 results file the calculator computed from ${main.name}, or the main data file it was computed from.`,
      };
}

function fileError(
  file: UploadFileRole,
  problem: string,
  fix: string,
  column: string | null = null,
): UploadError {
  return { file, row: null, column, value: null, problem, fix };
}

/** Reads and recognises one file; file-level problems are reported and give null. */
function openFile(file: UploadFile, role: UploadFileRole, problems: ProblemList): ReadFile | null {
  const label = FILE_LABEL[role];
  const read = readUploadTable(file.bytes);
  if (!read.ok) {
    problems.error(fileError(role, `The ${label} (${file.name}): ${read.problem}`, read.fix));
    return null;
  }
  if (read.warning) {
    problems.warning({ file: role, row: null, column: null, message: read.warning });
  }
  const { table } = read;
  const schema = detectSchema(table.header);
  const expected = role === 'main' ? isUploadFormat(schema) : schema === ED_RESULTS_FILE.id;
  if (schema === null || !expected) {
    problems.error(wrongKindOfFile(role, schema, table.header));
    return null;
  }
  const recognition = recognizeHeader(table.header, schema);
  const reader = new RowReader(role, recognition, table.header, problems);
  for (const missing of recognition.missing) {
    problems.error(
      fileError(
        role,
        `The ${label} has no ${missing} column.`,
        `Add a ${missing} column (header names are matched ignoring case, spaces, dots and underscores).`,
        missing,
      ),
      `missing-column:${role}`,
    );
  }
  if (
    role === 'ed50' &&
    !recognition.index.has('genotype') &&
    !recognition.index.has('groupingProperty')
  ) {
    problems.error(
      fileError(
        role,
        'The ED50 results file has neither a GroupingProperty nor a Genotype column.',
        'Use the ED50 results file exactly as the calculator wrote it.',
        'GroupingProperty',
      ),
    );
  }
  for (const duplicate of recognition.duplicates) {
    problems.warning({
      file: role,
      row: table.headerRow,
      column: duplicate.found,
      message: `Column ${duplicate.position + 1} (${duplicate.found}) repeats ${duplicate.column}; only the first one is read.`,
    });
  }
  const unusedNamed = recognition.ignored.filter(
    (c) => !/^(|x|\.\.\.1|unnamed: ?0|#|index|row)$/i.test(c.found.trim()),
  );
  if (unusedNamed.length > 0) {
    problems.warning({
      file: role,
      row: table.headerRow,
      column: null,
      message: `Column${unusedNamed.length === 1 ? '' : 's'} not used: ${unusedNamed.map((c) => c.found).join(', ')}.`,
    });
  }
  if (recognition.missing.length > 0) return null;
  if (table.records.length === 0) {
    problems.error(
      fileError(
        role,
        `The ${label} has a header but no data rows.`,
        role === 'main'
          ? 'Enter one row per measurement below the header.'
          : 'Use the ED50 results file the calculator wrote for your data.',
      ),
    );
    return null;
  }
  for (const { row, message } of table.malformed) {
    problems.error(
      {
        file: role,
        row,
        column: null,
        value: null,
        problem: `The quoting of this row is broken (${message}).`,
        fix: 'Close every opening double quote; a double quote inside a quoted value is written twice ("").',
      },
      `quotes:${role}`,
    );
  }
  checkRowWidths(table, role, problems);
  return problems.hasErrors ? null : { table, recognition, reader };
}

/** Cells beyond the header's columns that hold something: usually an unquoted comma. */
function checkRowWidths(table: DataTable, role: UploadFileRole, problems: ProblemList): void {
  const width = table.header.length;
  for (const record of table.records) {
    if (record.cells.length <= width) continue;
    const extra = record.cells.slice(width).filter((cell) => cell.trim() !== '');
    if (extra.length === 0) continue;
    problems.error(
      {
        file: role,
        row: record.row,
        column: null,
        value: extra.join(', '),
        problem: `This row has ${record.cells.length} cells but the header has ${width} columns.`,
        fix: 'A value probably contains a comma: put that value in double quotes, or remove the extra cells.',
      },
      `width:${role}`,
    );
  }
}

function wrongKindOfFile(
  role: UploadFileRole,
  schema: CsvSchema | null,
  header: readonly string[],
): UploadError {
  if (role === 'main' && schema === ED_RESULTS_FILE.id) {
    return fileError(
      'main',
      'This is an ED50 results file, not the main data file.',
      'Choose it as "2. ED50 Results File" and choose your data sheet as "1. Main Data File".',
    );
  }
  if (role === 'ed50' && isUploadFormat(schema)) {
    return fileError(
      'ed50',
      `This is a main data file (${FORMAT_LABELS[schema]}), not an ED50 results file.`,
      'Choose the ED50_Results.csv the calculator wrote as the second file.',
    );
  }
  const expected =
    role === 'main'
      ? UPLOAD_FORMAT_WORDS.labels
      : ED_RESULTS_FILE.columns
          .filter((c) => c.required)
          .map((c) => c.name)
          .join(', ');
  const shown = header
    .slice(0, 8)
    .map((h) => h.trim())
    .filter(Boolean)
    .join(', ');
  return fileError(
    role,
    `The ${FILE_LABEL[role]}'s header${shown ? ` (${shown}${header.length > 8 ? ', …' : ''})` : ''} does not match the expected columns: ${expected}.`,
    role === 'main'
      ? `Use ${UPLOAD_FORMAT_WORDS.templates} (docs/uploads.md lists ${UPLOAD_FORMAT_WORDS.all}).`
      : 'Use the ED50 results file exactly as the calculator wrote it.',
  );
}

function warnDecimalCommas(reader: RowReader, problems: ProblemList): void {
  for (const { column, row } of reader.decimalCommaWarnings()) {
    problems.warning({
      file: reader.file,
      row,
      column,
      message: `${column} uses decimal commas (first in row ${row}); they were read as decimal points.`,
    });
  }
}

/** Each curve lists the observations it was fitted from (same colony, condition, timepoint). */
function linkObservations(builder: PlanBuilder): void {
  for (const observation of builder.observations) {
    const curve = builder.curves.get(observation.curveKey);
    curve?.observationKeys.push(observation.key);
  }
}
