import type { CbassIssue, CbassIssueCode, CbassRowIssue, CbassRowIssueGroup } from './types';

/** Row-level issues listed individually per code; beyond this they are counted. */
const ROW_ISSUES_LISTED = 20;
/** Rows named in a group of the same problem. */
export const ROW_ISSUE_EXAMPLES = 5;

/** Collects parse errors and warnings, keeping long files from producing thousands of lines. */
export class IssueList {
  readonly errors: CbassIssue[] = [];
  readonly warnings: CbassIssue[] = [];
  private readonly overflow = new Map<CbassIssueCode, { count: number; error: boolean }>();
  private readonly listed = new Map<CbassIssueCode, number>();
  private readonly groups = new Map<string, CbassRowIssueGroup>();

  error(issue: CbassIssue): void {
    this.errors.push(issue);
  }

  warning(issue: CbassIssue): void {
    this.warnings.push(issue);
  }

  rowError(issue: CbassRowIssue): void {
    this.addRowIssue(issue, true);
  }

  rowWarning(issue: CbassRowIssue): void {
    this.addRowIssue(issue, false);
  }

  /** Every row-level problem with its full count, in the order first met. */
  rowIssueGroups(): CbassRowIssueGroup[] {
    return [...this.groups.values()];
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

  private addRowIssue({ reason, skipped, ...issue }: CbassRowIssue, error: boolean): void {
    this.group(issue.code, reason, skipped, error, issue.row);
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

  private group(
    code: CbassIssueCode,
    reason: string,
    skipped: boolean,
    error: boolean,
    row: number,
  ): void {
    const key = `${code}\u0000${reason}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { code, reason, skipped, error, count: 0, firstRows: [] };
      this.groups.set(key, group);
    }
    group.count++;
    if (group.firstRows.length < ROW_ISSUE_EXAMPLES) group.firstRows.push(row);
  }
}

/**
 * One line for every row with the same problem, with the full count (decision 0024): "268 rows
 * skipped: no value for Pam_value (rows 2, 3, 4, 5, 6, …)."
 */
export function describeRowIssueGroup(group: CbassRowIssueGroup): string {
  const rows = group.count === 1 ? 'row' : 'rows';
  const head = group.skipped ? `${group.count} ${rows} skipped` : `${group.count} ${rows}`;
  const more = group.count > group.firstRows.length ? ', …' : '';
  return `${head}: ${group.reason} (${rows} ${group.firstRows.join(', ')}${more}).`;
}
