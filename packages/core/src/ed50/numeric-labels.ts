import type { RawCbassTable } from '../tabular/raw-cbass/read-table';
import type { IssueList } from './issue-list';

/**
 * The label columns the shared raw CBASS reader normalises the way R's read.csv reads them
 * (tabular/raw-cbass/read-table.ts: Genotype "01" → "1"), each reported once. Returns,
 * per affected column, the function mapping a raw cell to its label.
 */
export function normalisedLabelColumns(
  table: RawCbassTable,
  issues: IssueList,
): Map<string, (raw: string) => string> {
  const normalisers = new Map<string, (raw: string) => string>();
  for (const [column, { normalise, example }] of table.numericLabels) {
    normalisers.set(column, normalise);
    issues.warning({
      code: 'numeric_label_normalised',
      column,
      message: `${column} holds only numbers, so labels are written as R reads them: "${example}" becomes "${normalise(example)}".`,
    });
  }
  return normalisers;
}
