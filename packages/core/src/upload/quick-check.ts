import Papa from 'papaparse';
import { detectSchema, FORMAT_LABELS, type UploadFormat } from './columns';
import { binaryContentProblem } from './decode-csv';
import type { UploadError, UploadFileRole } from './problems';

/** Spec §5/§8: the two file-type messages. */
export const CSV_TYPE_MESSAGES: Readonly<Record<UploadFileRole, string>> = {
  main: 'Please select a CSV file for the main data',
  ed50: 'Please select a CSV file for ED50 table',
};

export const isCsvFileName = (name: string) => /\.csv$/i.test(name.trim());

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

function decodeHead(head: Uint8Array): string {
  if (head[0] === 0xff && head[1] === 0xfe) {
    return new TextDecoder('utf-16le').decode(head.subarray(2));
  }
  if (head[0] === 0xfe && head[1] === 0xff) {
    return new TextDecoder('utf-16be').decode(head.subarray(2));
  }
  return new TextDecoder('utf-8').decode(head).replace(/^\uFEFF/, '');
}

/**
 * What can be decided from the name and the first bytes of the two files, before anything is
 * queued: CSV name and content (a renamed workbook or image is refused), not empty, the header
 * of a main data file (standard or raw CBASS) and of an ED results file, and the ED file present
 * when the main file is raw. Everything else is checked by the worker on the whole files.
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
    if (!isCsvFileName(file.name)) {
      return fail(role, CSV_TYPE_MESSAGES[role], 'Choose a file whose name ends in .csv.');
    }
    const binary = binaryContentProblem(file.head);
    if (binary) {
      return fail(role, `The ${LABEL[role]} (${file.name}): ${binary.problem}`, binary.fix);
    }
    const text = decodeHead(file.head);
    if (text.trim() === '') {
      return fail(
        role,
        `The ${LABEL[role]} (${file.name}) is empty.`,
        'Choose the file that holds your data.',
      );
    }
    const lines = Papa.parse<string[]>(text, {
      preview: 2,
      skipEmptyLines: 'greedy',
      delimitersToGuess: [',', ';', '\t'],
    }).data;
    const schema = detectSchema(lines[0] ?? []);
    if (role === 'main') {
      if (schema === 'ed50') {
        return fail(
          'main',
          'This is an ED50 results file, not the main data file.',
          'Choose it as "2. ED50 Results File" and choose your data sheet as "1. Main Data File".',
        );
      }
      if (schema === null) {
        return fail(
          'main',
          `The main data file's header does not match either ${FORMAT_LABELS.standard} or ${FORMAT_LABELS.raw}.`,
          'Use the standard template or the raw CBASS template (see docs/uploads.md).',
        );
      }
      format = schema;
    } else if (schema !== 'ed50') {
      return fail(
        'ed50',
        schema === null
          ? 'The ED50 results file’s header does not have the ED5, ED50, ED95, GroupingProperty, Site, Condition, Species and Timepoint columns.'
          : 'This is a main data file, not an ED50 results file.',
        'Choose the ED50_Results.csv the calculator wrote as the second file.',
      );
    }
    if (file.bytes <= file.head.length && lines.length < 2) {
      return fail(
        role,
        `The ${LABEL[role]} has a header but no data rows.`,
        role === 'main'
          ? 'Enter one row per measurement below the header.'
          : 'Use the ED50 results file the calculator wrote for your data.',
      );
    }
  }
  if (format === 'raw' && ed === null) {
    return fail(
      'main',
      'A raw CBASS file needs its ED50 results file.',
      'Run the ED50 calculator on this file, download ED50_Results.csv and choose it as the second file.',
    );
  }
  return { format, error: null };
}
