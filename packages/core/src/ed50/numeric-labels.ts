import type { IssueList } from './issue-list';
import { isMissing } from './parse-number';
import { formatRNumber } from './r-number-format';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** Columns read as numbers, not labels. */
const MEASUREMENT_COLUMNS = new Set(['Temperature', 'Pam_value']);

/**
 * R's read.csv turns a column whose every value is a number into a numeric column, so a label
 * "01" becomes 1 and CBASSED50 writes GroupingProperty "..._1". To produce the same keys, label
 * columns that are entirely numeric are normalised the same way (and this is reported).
 * Returns, per affected column, the function mapping a raw cell to its label.
 */
export function normalisedLabelColumns(
  records: readonly { cells: readonly string[] }[],
  index: ReadonlyMap<string, number>,
  issues: IssueList,
): Map<string, (raw: string) => string> {
  const normalisers = new Map<string, (raw: string) => string>();
  for (const [column, position] of index) {
    if (MEASUREMENT_COLUMNS.has(column)) continue;
    // One pass per column, stopping at the first label that is not a number (the usual case).
    let present = 0;
    let numeric = true;
    let integers = true;
    for (const record of records) {
      const cell = record.cells[position];
      if (isMissing(cell)) continue;
      present++;
      const text = cell!.trim();
      if (!DECIMAL.test(text)) {
        numeric = false;
        break;
      }
      if (integers && !(INTEGER.test(text) && Math.abs(Number(text)) < 2 ** 31)) integers = false;
    }
    if (present === 0 || !numeric) continue;
    // read.csv reads small whole numbers as integers (printed plainly), others as doubles.
    const labels = new Map<string, string>();
    const normalise = (raw: string): string => {
      if (isMissing(raw)) return raw;
      let label = labels.get(raw);
      if (label === undefined) {
        const value = Number(raw.trim());
        label = integers ? String(value) : formatRNumber(value);
        labels.set(raw, label);
      }
      return label;
    };
    let changed: string | undefined;
    for (const record of records) {
      const cell = record.cells[position];
      if (cell !== undefined && normalise(cell) !== cell) {
        changed = cell;
        break;
      }
    }
    if (changed === undefined) continue;
    normalisers.set(column, normalise);
    issues.warning({
      code: 'numeric_label_normalised',
      column,
      message: `${column} holds only numbers, so labels are written as R reads them: "${changed}" becomes "${normalise(changed)}".`,
    });
  }
  return normalisers;
}
