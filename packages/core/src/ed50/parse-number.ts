/** Reading numbers and missing values in CBASS files: the upload's rules, stricter and clearer than R's read.csv. */

/** A missing cell: empty, NA, N/A, NaN, null, none, - or -- (tabular/values.ts, one rule for both). */
export { isMissingCell as isMissing } from '../tabular/values';

export { parseDecimal, type ParsedDecimal as ParsedNumber } from '../util/parse-decimal';
