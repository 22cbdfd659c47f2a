/** Reading numbers and missing values in CBASS files, stricter and clearer than R's read.csv. */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/** R's read.csv treats the text `NA` (and empty numeric cells) as missing. */
export function isMissing(cell: string | undefined): boolean {
  if (cell === undefined) return true;
  const text = cell.trim();
  return text === '' || text === 'NA';
}

export type ParsedNumber = { ok: true; value: number; decimalComma: boolean } | { ok: false };

/**
 * A finite decimal number. "0,55" is read as 0.55 (flagged, because R would turn it into NA and
 * silently drop the row); anything else that is not a plain decimal is rejected.
 */
export function parseDecimal(cell: string): ParsedNumber {
  const text = cell.trim();
  if (DECIMAL.test(text)) {
    const value = Number(text);
    return Number.isFinite(value) ? { ok: true, value, decimalComma: false } : { ok: false };
  }
  if (DECIMAL_COMMA.test(text)) {
    return { ok: true, value: Number(text.replace(',', '.')), decimalComma: true };
  }
  return { ok: false };
}
