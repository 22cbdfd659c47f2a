/**
 * Reading cells: missing values, numbers (decimal point, or a decimal comma which is accepted and
 * reported), calendar dates (ISO YYYY-MM-DD or YYYYMMDD) and labels.
 */

/** Cells that mean "no value" in researchers' sheets (R writes NA). */
const MISSING = new Set(['', 'na', 'n/a', 'nan', 'null', 'none', '-', '--']);

export function isMissingCell(cell: string | undefined): boolean {
  if (cell === undefined) return true;
  // Fast path: every missing-value marker is at most 4 characters long.
  if (cell.length > 12) return false;
  const text = cell.trim();
  return text.length <= 4 && MISSING.has(text.toLowerCase());
}

export {
  parseDecimal as readNumber,
  type ParsedDecimal as NumberCell,
} from '../util/parse-decimal';

/** The earliest date accepted: coral heat-stress assays did not exist before. */
export const EARLIEST_DATE = '1950-01-01';

export type DateCell = { ok: true; value: string } | { ok: false; problem: string; fix: string };

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const SLASHED_YMD = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const DAY_FIRST = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;

const DATE_FIX = 'Write dates as YYYY-MM-DD (for example 2022-09-20) or YYYYMMDD (20220920).';

/**
 * A real calendar date between 1950 and today (a day of slack for time zones), returned as
 * YYYY-MM-DD. Day-first and month-first dates (01/02/2022) are refused: they are ambiguous.
 */
export function readDate(cell: string, today: Date = new Date()): DateCell {
  return parseDate(cell.trim(), today);
}

/**
 * readDate for a whole file: a sheet repeats a handful of dates thousands of times, so each
 * distinct text is parsed once.
 */
export function dateReader(today: Date = new Date()): (cell: string) => DateCell {
  const cache = new Map<string, DateCell>();
  return (cell) => {
    const text = cell.trim();
    let parsed = cache.get(text);
    if (!parsed) {
      parsed = parseDate(text, today);
      if (cache.size < 10_000) cache.set(text, parsed);
    }
    return parsed;
  };
}

function parseDate(text: string, today: Date): DateCell {
  const match = ISO_DATE.exec(text) ?? COMPACT_DATE.exec(text) ?? SLASHED_YMD.exec(text);
  if (!match) {
    const problem = DAY_FIRST.test(text)
      ? `"${text}" is ambiguous: it could be day/month or month/day.`
      : `"${text}" is not a date.`;
    return { ok: false, problem, fix: DATE_FIX };
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    month < 1 ||
    month > 12 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return { ok: false, problem: `"${text}" is not a real calendar date.`, fix: DATE_FIX };
  }
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const latest = new Date(today.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (iso > latest) {
    return {
      ok: false,
      problem: `${iso} is in the future.`,
      fix: `Check the year. ${DATE_FIX}`,
    };
  }
  if (iso < EARLIEST_DATE) {
    return {
      ok: false,
      problem: `${iso} is before ${EARLIEST_DATE.slice(0, 4)}: not a plausible assay date.`,
      fix: `Check the year. ${DATE_FIX}`,
    };
  }
  return { ok: true, value: iso };
}

// Control characters are what these patterns are about.
// eslint-disable-next-line no-control-regex
const NEEDS_CLEANING = /\s\s|[^\S ]|[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const MESSY = /[\s\u0000-\u001f\u007f]+/g;

/**
 * Labels are compared trimmed, with runs of white space (and stray control characters) collapsed
 * to one space.
 */
export function cleanLabel(cell: string | undefined): string {
  const text = (cell ?? '').trim();
  return NEEDS_CLEANING.test(text) ? text.replace(MESSY, ' ').trim() : text;
}

const INTEGER_LABEL = /^[+-]?\d+$/;
const DECIMAL_LABEL = /^[+-]?(?:\d+\.\d*|\.\d+)$/;

/**
 * Genotype and timepoint labels that are numbers are compared as numbers, the way R's read.csv
 * (and so CBASSED50's GroupingProperty) writes them: "01" is "1", "420.0" is "420".
 */
export function normaliseNumericLabel(label: string): string {
  const text = cleanLabel(label);
  if (INTEGER_LABEL.test(text) || DECIMAL_LABEL.test(text)) {
    const value = Number(text);
    if (Number.isFinite(value)) return String(value);
  }
  return text;
}
