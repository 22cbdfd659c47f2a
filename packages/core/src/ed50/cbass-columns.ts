import { normaliseColumnName } from '../tabular/column-spec';
import { CBASS_COLUMNS, rawCbassColumn } from '../tabular/raw-cbass/columns';
import type { RawCbassTable } from '../tabular/raw-cbass/read-table';
import type { IssueList } from './issue-list';
import type { ColumnMapping } from './types';

export interface ResolvedColumns {
  ok: boolean;
  /** Canonical column name → position in the record. Extra columns keep their header text. */
  index: Map<string, number>;
  mapping: ColumnMapping[];
}

/**
 * What the calculator says about the header the shared raw CBASS reader recognised
 * (tabular/raw-cbass/read-table.ts; ed50-algorithm §2: CBASSED50's "replacement has 0
 * rows" is what a wrong column name gives there). Exact names are used as is; a name written
 * otherwise (letter case, separators, a unit in brackets) is accepted and reported; a missing
 * column the computation needs is an error naming it.
 */
export function resolveColumns(
  header: readonly string[],
  table: RawCbassTable,
  issues: IssueList,
): ResolvedColumns {
  const mapping: ColumnMapping[] = [];
  let ok = true;
  for (const column of CBASS_COLUMNS) {
    const position = table.columns.get(column);
    if (position !== undefined) {
      const found = header[position]!;
      if (found !== column) {
        mapping.push({ column, found });
        issues.warning({
          code: 'column_case_mismatch',
          column,
          message: `missing column ${column} (found ${found}); ${found} is used as ${column}.`,
        });
      }
    } else if (rawCbassColumn(column)?.computation) {
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
  }

  const repeated = new Map<number, string>([
    ...table.recognition.duplicates.map((d) => [d.position, d.found] as const),
    ...table.repeatedColumns.map((d) => [d.position, d.found] as const),
  ]);
  header.forEach((name, position) => {
    if (name.trim() === '') {
      issues.warning({
        code: 'ignored_empty_column',
        message: `Column ${position + 1} has no name and was ignored.`,
      });
    } else if (repeated.has(position)) {
      issues.warning({
        code: 'duplicate_column',
        column: name.trim(),
        message: `Column ${position + 1} (${name}) repeats a column that was already read; ignored.`,
      });
    }
  });
  return { ok, index: table.columns, mapping };
}

/** " (closest: Pam_val)" for a header name within two edits of the missing column. */
function closestHint(header: readonly string[], column: string): string {
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of header) {
    const distance = editDistance(normaliseColumnName(name), normaliseColumnName(column));
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
