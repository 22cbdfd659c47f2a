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
    const present = records.map((r) => r.cells[position]).filter((c) => !isMissing(c)) as string[];
    if (present.length === 0 || !present.every((cell) => DECIMAL.test(cell.trim()))) continue;
    const integers = present.every((cell) => {
      const text = cell.trim();
      return INTEGER.test(text) && Math.abs(Number(text)) < 2 ** 31;
    });
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
    const changed = present.find((cell) => normalise(cell) !== cell);
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
