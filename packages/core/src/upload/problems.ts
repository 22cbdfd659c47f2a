/**
 * What an upload reports back: row-level errors (the upload is refused), warnings (accepted,
 * with a note) and quality flags (imported, but worth a second look). Row numbers are spreadsheet
 * rows: the header is row 1, the first data row is row 2.
 */
export type UploadFileRole = 'main' | 'ed50';

export interface UploadError {
  /** Which of the two files the problem is in. */
  file: UploadFileRole;
  /** Spreadsheet row (header = 1); null when the problem concerns the whole file. */
  row: number | null;
  /** Column as the file names it (or the expected name when it is missing); null for the file. */
  column: string | null;
  /** The offending cell as written; null when there is none. */
  value: string | null;
  /** What is wrong, in plain words. */
  problem: string;
  /** What to do about it. */
  fix: string;
}

export interface UploadNotice {
  file: UploadFileRole;
  row: number | null;
  column: string | null;
  message: string;
}

/** Errors listed one by one per kind of problem before they are only counted. */
export const MAX_ERRORS_PER_PROBLEM = 200;
/** Errors kept in a report at most (a file with a wrong column could otherwise give 100,000). */
export const MAX_ERRORS = 1000;
const MAX_NOTICES = 200;

/**
 * Collects errors and warnings, keeping a broken 100,000-row file from producing a 100,000-line
 * report: each kind of problem is listed up to a limit, then a summary line counts the rest.
 */
export class ProblemList {
  readonly errors: UploadError[] = [];
  readonly warnings: UploadNotice[] = [];
  private readonly perKind = new Map<
    string,
    { listed: number; hidden: number; sample: UploadError }
  >();
  private hiddenWarnings = 0;
  private total = 0;

  /** `kind` groups similar errors for the summary (defaults to the problem text). */
  error(error: UploadError, kind: string = error.problem): void {
    this.total++;
    const entry = this.perKind.get(kind) ?? { listed: 0, hidden: 0, sample: error };
    this.perKind.set(kind, entry);
    if (entry.listed < MAX_ERRORS_PER_PROBLEM && this.errors.length < MAX_ERRORS) {
      entry.listed++;
      this.errors.push(error);
    } else {
      entry.hidden++;
    }
  }

  warning(notice: UploadNotice): void {
    if (this.warnings.length < MAX_NOTICES) this.warnings.push(notice);
    else this.hiddenWarnings++;
  }

  get hasErrors(): boolean {
    return this.total > 0;
  }

  get errorCount(): number {
    return this.total;
  }

  /** The report: listed errors plus one line per kind of problem with hidden occurrences. */
  report(): UploadError[] {
    const summaries: UploadError[] = [];
    for (const { hidden, sample } of this.perKind.values()) {
      if (hidden === 0) continue;
      summaries.push({
        file: sample.file,
        row: null,
        column: sample.column,
        value: null,
        problem: `…and ${hidden} more row${hidden === 1 ? '' : 's'} with the same problem: ${sample.problem}`,
        fix: sample.fix,
      });
    }
    return [...this.errors, ...summaries];
  }

  notices(): UploadNotice[] {
    if (this.hiddenWarnings === 0) return this.warnings;
    return [
      ...this.warnings,
      {
        file: 'main',
        row: null,
        column: null,
        message: `…and ${this.hiddenWarnings} more warnings.`,
      },
    ];
  }
}
