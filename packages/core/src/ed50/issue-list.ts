import type { CbassIssue, CbassIssueCode } from './types';

/** Row-level issues listed individually per code; beyond this they are counted. */
const ROW_ISSUES_LISTED = 20;

/** Collects parse errors and warnings, keeping long files from producing thousands of lines. */
export class IssueList {
  readonly errors: CbassIssue[] = [];
  readonly warnings: CbassIssue[] = [];
  private readonly overflow = new Map<CbassIssueCode, { count: number; error: boolean }>();
  private readonly listed = new Map<CbassIssueCode, number>();

  error(issue: CbassIssue): void {
    this.errors.push(issue);
  }

  warning(issue: CbassIssue): void {
    this.warnings.push(issue);
  }

  rowError(issue: CbassIssue & { row: number }): void {
    this.addRowIssue(issue, true);
  }

  rowWarning(issue: CbassIssue & { row: number }): void {
    this.addRowIssue(issue, false);
  }

  /** Adds one summary line per code whose row issues were not all listed. */
  flushRowIssueCounts(): void {
    for (const [code, { count, error }] of this.overflow) {
      const summary: CbassIssue = {
        code,
        message: `…and ${count} more row${count === 1 ? '' : 's'} with the same problem (${code}).`,
      };
      (error ? this.errors : this.warnings).push(summary);
    }
    this.overflow.clear();
  }

  private addRowIssue(issue: CbassIssue, error: boolean): void {
    const listed = this.listed.get(issue.code) ?? 0;
    if (listed < ROW_ISSUES_LISTED) {
      this.listed.set(issue.code, listed + 1);
      (error ? this.errors : this.warnings).push(issue);
      return;
    }
    const entry = this.overflow.get(issue.code) ?? { count: 0, error };
    entry.count++;
    this.overflow.set(issue.code, entry);
  }
}
