/** How a number written by a researcher is read, everywhere in the platform. */

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

export type ParsedDecimal = { ok: true; value: number; decimalComma: boolean } | { ok: false };

/**
 * A finite decimal number. "0,55" (a decimal comma, common in European spreadsheets) is read as
 * 0.55 and reported, because R would turn it into NA and silently drop the row; anything else
 * that is not a plain decimal is rejected.
 */
export function parseDecimal(cell: string): ParsedDecimal {
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
