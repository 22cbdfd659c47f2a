import type { CbassRow } from './types';

export interface RowGroup {
  /** The grouping values pasted with "_" (CBASSED50's GroupingProperty). */
  groupingProperty: string;
  groupValues: Record<string, string>;
  rows: CbassRow[];
  /** Another group pastes to the same GroupingProperty: results would be ambiguous. */
  collidesWith: Record<string, string>[];
}

/**
 * Rows grouped by the TUPLE of grouping values, groups in order of first appearance (algorithm
 * doc §3). CBASSED50 groups by the pasted string, so Site "A_B" + Condition "C" and Site "A" +
 * Condition "B_C" would silently become one fit; here they stay apart and are marked as
 * colliding.
 */
export function groupRows(rows: readonly CbassRow[], grouping: readonly string[]): RowGroup[] {
  const byTuple = new Map<string, RowGroup>();
  for (const row of rows) {
    const values = grouping.map((column) => groupingValue(row, column));
    const tupleKey = values.join('\u0000');
    let group = byTuple.get(tupleKey);
    if (!group) {
      group = {
        groupingProperty: values.join('_'),
        groupValues: Object.fromEntries(grouping.map((column, i) => [column, values[i]!])),
        rows: [],
        collidesWith: [],
      };
      byTuple.set(tupleKey, group);
    }
    group.rows.push(row);
  }
  const groups = [...byTuple.values()];
  const byProperty = new Map<string, RowGroup[]>();
  for (const group of groups) {
    const same = byProperty.get(group.groupingProperty) ?? [];
    same.push(group);
    byProperty.set(group.groupingProperty, same);
  }
  for (const same of byProperty.values()) {
    if (same.length < 2) continue;
    for (const group of same) {
      group.collidesWith = same
        .filter((other) => other !== group)
        .map((other) => other.groupValues);
    }
  }
  return groups;
}

/** A row's value in a grouping column; the typed fields stand in when `values` lacks it. */
export function groupingValue(row: CbassRow, column: string): string {
  const value = row.values[column];
  if (value !== undefined) return value;
  switch (column) {
    case 'Site':
      return row.site;
    case 'Condition':
      return row.condition;
    case 'Species':
      return row.species;
    case 'Timepoint':
      return row.timepoint;
    default:
      return '';
  }
}
