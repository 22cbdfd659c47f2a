import { ED_FILE_COLUMNS_TEXT } from './formats/ed-results-file';
import {
  detectSchema,
  ED_RESULTS_FILE,
  isUploadFileName,
  fileTypeOf,
  isUploadFormat,
  UPLOAD_FILE_TYPES,
  UPLOAD_FORMAT_WORDS,
  uploadFormat,
  type UploadFormat,
} from './formats/registry';
import type { UploadError, UploadFileRole } from './problems';

/** Product-spec §5/§8: the two file-type messages. */
export const CSV_TYPE_MESSAGES: Readonly<Record<UploadFileRole, string>> = {
  main: 'Please select a CSV file for the main data',
  ed50: 'Please select a CSV file for ED50 table',
};

/** "Choose a file whose name ends in .csv." */
const NAME_FIX = `Choose a file whose name ends in ${UPLOAD_FILE_TYPES.flatMap((type) => type.extensions).join(' or ')}.`;

/** The start of an uploaded file, as the server has it right after storing it. */
export interface FileHead {
  name: string;
  /** Size of the whole file. */
  bytes: number;
  /** The first bytes (64 KiB is plenty). */
  head: Uint8Array;
}

export interface QuickCheckResult {
  format: UploadFormat | null;
  error: UploadError | null;
}

const LABEL: Record<UploadFileRole, string> = { main: 'main data file', ed50: 'ED50 results file' };

/**
 * What can be decided from the name and the first bytes of the two files, before anything is
 * queued: the file name and content of a registered file type (a workbook or image renamed .csv
 * is refused), not empty, the header of a main data file (a registered layout) and of an ED
 * results file, and the ED file present when the layout needs it. The first bytes are read
 * exactly as the worker reads the whole file (same decoder, same CSV reader). Everything else is
 * checked by the worker on the whole files.
 */
export function quickCheckUpload(main: FileHead, ed: FileHead | null): QuickCheckResult {
  const fail = (file: UploadFileRole, problem: string, fix: string): QuickCheckResult => ({
    format: null,
    error: { file, row: null, column: null, value: null, problem, fix },
  });
  let format: UploadFormat | null = null;
  for (const [role, file] of [
    ['main', main],
    ['ed50', ed],
  ] as const) {
    if (file === null) continue;
    if (!isUploadFileName(file.name)) return fail(role, CSV_TYPE_MESSAGES[role], NAME_FIX);
    const partial = file.bytes > file.head.length;
    const type = fileTypeOf(file.head);
    if (partial && !type.readsStart) continue; // its header is checked by the worker
    const read = type.readTable(file.head, { partial, maxRecords: 1 });
    if (!read.ok) {
      return read.reason === 'empty'
        ? fail(
            role,
            `The ${LABEL[role]} (${file.name}) is empty.`,
            'Choose the file that holds your data.',
          )
        : fail(role, `The ${LABEL[role]} (${file.name}): ${read.problem}`, read.fix);
    }
    const { table } = read;
    const schema = detectSchema(table.header);
    if (role === 'main') {
      if (schema === ED_RESULTS_FILE.id) {
        return fail(
          'main',
          'This is an ED50 results file, not the main data file.',
          'Choose it as "2. ED50 Results File" and choose your data sheet as "1. Main Data File".',
        );
      }
      if (!isUploadFormat(schema)) {
        return fail(
          'main',
          `The main data file's header does not match ${UPLOAD_FORMAT_WORDS.labels}.`,
          `Use ${UPLOAD_FORMAT_WORDS.templates} (see docs/uploads.md).`,
        );
      }
      format = schema;
    } else if (schema !== ED_RESULTS_FILE.id) {
      return fail(
        'ed50',
        schema === null
          ? `The ED50 results file’s header does not have the ${ED_FILE_COLUMNS_TEXT} columns.`
          : 'This is a main data file, not an ED50 results file.',
        'Choose the ED50_Results.csv the calculator wrote as the second file.',
      );
    }
    if (!partial && table.records.length === 0) {
      return fail(
        role,
        `The ${LABEL[role]} has a header but no data rows.`,
        role === 'main'
          ? 'Enter one row per measurement below the header.'
          : 'Use the ED50 results file the calculator wrote for your data.',
      );
    }
  }
  const edFile = format === null ? null : uploadFormat(format).edFile;
  if (edFile?.needed === 'always' && ed === null) return fail('main', edFile.problem, edFile.fix);
  return { format, error: null };
}
