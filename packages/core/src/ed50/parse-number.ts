/** Reading numbers and missing values in CBASS files, stricter and clearer than R's read.csv. */

/** R's read.csv treats the text `NA` (and empty numeric cells) as missing. */
export function isMissing(cell: string | undefined): boolean {
  if (cell === undefined) return true;
  const text = cell.trim();
  return text === '' || text === 'NA';
}

export { parseDecimal, type ParsedDecimal as ParsedNumber } from '../util/parse-decimal';
