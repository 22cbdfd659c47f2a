/**
 * How R writes a double as text (`as.character`, and `write.csv` for numeric columns): at most
 * 15 significant digits, the fewest that reproduce the 15-digit value, and scientific notation
 * only when it is shorter than fixed notation (R's default scipen = 0). Examples: 38.4 → "38.4",
 * 420 → "420", 100000 → "1e+05", 0.0001 → "1e-04", NaN → "NaN". The raw CBASS reader's labels
 * (r-labels.ts) and the calculator's CSV files (ed50/format-csv.ts), which must equal CBASSED50's
 * byte for byte, are written with it.
 */
export function formatRNumber(x: number): string {
  const plain = String(x);
  // Common case (e.g. 36.91): JavaScript's shortest form is already R's when it is a plain
  // decimal with at most 15 significant digits that R would not switch to e-notation.
  if (PLAIN_DECIMAL.test(plain)) {
    const unsigned = plain.replace('-', '');
    const digits = unsigned.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length;
    const sciWidth = digits + (digits > 1 ? 1 : 0) + 4;
    if (digits <= 15 && unsigned.length <= sciWidth && Math.abs(x) < 1e15) return plain;
  }
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Inf';
  if (x === -Infinity) return '-Inf';
  if (x === 0) return '0';
  const target = Number(x.toPrecision(15));
  let digits = 1;
  while (digits < 15 && Number(x.toPrecision(digits)) !== target) digits++;
  const scientific = toRScientific(target, digits);
  const exponent = Number(scientific.slice(scientific.indexOf('e') + 1));
  const decimals = Math.max(0, digits - 1 - exponent);
  const fixed = target.toFixed(Math.min(decimals, 100));
  return fixed.length <= scientific.length ? fixed : scientific;
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** 1.5e+05 style with at least two exponent digits, as C's printf("%.*e"). */
function toRScientific(x: number, digits: number): string {
  const [mantissa = '', exponent = '0'] = x.toExponential(digits - 1).split('e');
  const sign = exponent.startsWith('-') ? '-' : '+';
  const magnitude = exponent.replace(/^[+-]/, '').padStart(2, '0');
  return `${mantissa}e${sign}${magnitude}`;
}
