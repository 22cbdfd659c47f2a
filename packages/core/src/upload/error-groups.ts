import type { UploadError } from './problems';

/** Rows listed per group; the rest are only counted. */
export const ERROR_GROUP_ROWS_SHOWN = 5;

/** Errors of one kind: "199 rows: <problem>; first 5: rows 2, 3, 4, 5, 6". */
export interface UploadErrorGroup {
  file: UploadError['file'];
  column: string | null;
  /** The problem in words; the parts that differ from row to row are shown as "…". */
  problem: string;
  fix: string;
  /** Errors in the group, counting those the report only summed up ("…and N more rows"). */
  count: number;
  /** The first rows (spreadsheet numbers), at most ERROR_GROUP_ROWS_SHOWN. */
  rows: number[];
  /** The group in one line, as the upload page and the CLI print it. */
  summary: string;
}

/** The line ProblemList.report() adds for errors it only counted. */
const HIDDEN = /^…and (\d+) more rows? with the same problem: /;

/** Words and the punctuation between them, so that "Genotype 1" and "Genotype 12" differ. */
const tokens = (text: string) => text.split(/(\s+|[()[\],;:."'])/).filter((t) => t !== '');

/** What the problems of a group have in common, with "…" where they differ. */
function commonProblem(problems: readonly string[]): string {
  const first = problems[0]!;
  if (problems.every((p) => p === first)) return first;
  const split = problems.map(tokens);
  const shortest = Math.min(...split.map((t) => t.length));
  let head = 0;
  while (head < shortest && split.every((t) => t[head] === split[0]![head])) head++;
  let tail = 0;
  while (
    tail < shortest - head &&
    split.every((t) => t[t.length - 1 - tail] === split[0]![split[0]!.length - 1 - tail])
  ) {
    tail++;
  }
  const lead = split[0]!.slice(0, head).join('');
  const end = split[0]!.slice(split[0]!.length - tail).join('');
  return `${lead}…${end}`;
}

function summaryOf(group: Omit<UploadErrorGroup, 'summary'>): string {
  if (group.rows.length === 0) return group.problem;
  const problem = group.problem.replace(/\.$/, '');
  const rowsText = group.rows.join(', ');
  if (group.count === 1) return `Row ${rowsText}: ${group.problem}`;
  const listed =
    group.rows.length === group.count
      ? `rows ${rowsText}`
      : `first ${group.rows.length}: rows ${rowsText}`;
  return `${group.count} rows: ${problem}; ${listed}`;
}

/**
 * Groups a row-level error report by kind of problem, so that a pair of files that do not belong
 * together reads as one line instead of 199. Errors are of one kind when they are in the same file
 * and column and have the same fix (every check words its fix once, its problem per row). Groups
 * keep the order of their first error.
 */
export function groupUploadErrors(errors: readonly UploadError[]): UploadErrorGroup[] {
  const groups = new Map<
    string,
    {
      file: UploadError['file'];
      column: string | null;
      fix: string;
      problems: string[];
      rows: number[];
      count: number;
    }
  >();
  for (const error of errors) {
    const key = JSON.stringify([error.file, error.column, error.fix]);
    const group = groups.get(key) ?? {
      file: error.file,
      column: error.column,
      fix: error.fix,
      problems: [],
      rows: [],
      count: 0,
    };
    groups.set(key, group);
    const hidden = HIDDEN.exec(error.problem);
    if (hidden) {
      group.count += Number(hidden[1]);
      if (group.problems.length === 0) group.problems.push(error.problem.slice(hidden[0].length));
      continue;
    }
    group.count++;
    group.problems.push(error.problem);
    if (error.row !== null && group.rows.length < ERROR_GROUP_ROWS_SHOWN) {
      group.rows.push(error.row);
    }
  }
  return [...groups.values()].map(({ problems, ...rest }) => {
    const group = { ...rest, problem: commonProblem(problems) };
    return { ...group, summary: summaryOf(group) };
  });
}
