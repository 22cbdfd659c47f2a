import type { IssueList } from './issue-list';
import { CBASS_COLUMNS, type CbassColumn, type ColumnMapping } from './types';

/** Columns the ED computation reads; the others are only required by CBASSED50's validation. */
const USED_COLUMNS: ReadonlySet<CbassColumn> = new Set([
  'Site',
  'Condition',
  'Species',
  'Genotype',
  'Temperature',
  'Timepoint',
  'Pam_value',
]);

export interface ResolvedColumns {
  ok: boolean;
  /** Canonical column name → position in the record. Extra columns keep their header text. */
  index: Map<string, number>;
  mapping: ColumnMapping[];
}

/** "PAM_value", "pam value", "Pam.value" → "pamvalue": how a column name is matched leniently. */
function looseName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Finds every CBASS column in the header before any row is read (algorithm doc §2: CBASSED50's
 * "replacement has 0 rows" is what a wrong column name gives there). Exact names are used as is;
 * a name that differs only in letter case or separators is accepted and reported; a missing
 * column the computation needs is an error naming it.
 */
export function resolveColumns(header: readonly string[], issues: IssueList): ResolvedColumns {
  const index = new Map<string, number>();
  const mapping: ColumnMapping[] = [];
  const claimed = new Set<number>();
  let ok = true;

  for (const column of CBASS_COLUMNS) {
    let position = header.indexOf(column);
    if (position < 0) {
      position = header.findIndex((name) => looseName(name) === looseName(column));
      if (position >= 0) {
        const found = header[position]!;
        mapping.push({ column, found });
        issues.warning({
          code: 'column_case_mismatch',
          column,
          message: `missing column ${column} (found ${found}); ${found} is used as ${column}.`,
        });
      }
    }
    if (position < 0) {
      if (USED_COLUMNS.has(column)) {
        ok = false;
        issues.error({
          code: 'missing_column',
          column,
          message: `missing column ${column}${closestHint(header, column)}`,
        });
      } else {
        issues.warning({
          code: 'missing_column',
          column,
          message: `missing column ${column}: CBASSED50 requires it, the ED calculation does not use it.`,
        });
      }
      continue;
    }
    index.set(column, position);
    claimed.add(position);
  }

  header.forEach((name, position) => {
    if (claimed.has(position)) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      issues.warning({
        code: 'ignored_empty_column',
        message: `Column ${position + 1} has no name and was ignored.`,
      });
    } else if (
      index.has(trimmed) ||
      CBASS_COLUMNS.some((c) => looseName(c) === looseName(trimmed))
    ) {
      issues.warning({
        code: 'duplicate_column',
        column: trimmed,
        message: `Column ${position + 1} (${name}) repeats a column that was already read; ignored.`,
      });
    } else {
      index.set(trimmed, position);
    }
  });
  return { ok, index, mapping };
}

/** " (closest: Pam_val)" for a header name within two edits of the missing column. */
function closestHint(header: readonly string[], column: string): string {
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of header) {
    const distance = editDistance(looseName(name), looseName(column));
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best === undefined ? '' : ` (closest column found: ${best})`;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}
