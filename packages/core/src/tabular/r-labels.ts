import { formatRNumber } from './r-number-format';

/**
 * The label R's `read.csv` gives a cell of a column whose every value is a number: a column of
 * small whole numbers is read as integers and printed plainly ("01" → "1"), any other as doubles
 * printed with R's 15 significant digits ("35.50" → "35.5"). CBASSED50 writes such labels into
 * GroupingProperty, so the upload and the calculator both read labels this way.
 */
export function rNumericLabel(value: number, integerColumn: boolean): string {
  return integerColumn ? String(value) : formatRNumber(value);
}
