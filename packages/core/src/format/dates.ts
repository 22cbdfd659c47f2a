const longUsDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Long US date (product-spec §9: month name, day, year): "2025-12-20" → "December 20, 2025".
 * A calendar date (YYYY-MM-DD) is shown as that day in every time zone; a timestamp is shown as
 * its UTC day. Anything unreadable is returned unchanged, and null or empty gives ''.
 */
export function formatLongUsDate(value: string | null | undefined): string {
  if (value == null || value.trim() === '') return '';
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])))
    : new Date(text);
  return Number.isNaN(date.getTime()) ? text : longUsDate.format(date);
}

const localLongUsDates = new Map<string, Intl.DateTimeFormat>();

/**
 * A timestamp as the day it was in the viewer's time zone, in long US format (product-spec §2 cart
 * 'Created (local date)', §9 dates): "2026-11-21T23:30:00Z" is "November 22, 2026" in Fiji.
 * `timeZone` defaults to the runtime's own. Unreadable text is returned unchanged; null or
 * empty gives ''.
 */
export function formatLongUsLocalDate(value: string | null | undefined, timeZone?: string): string {
  if (value == null || value.trim() === '') return '';
  const date = new Date(value.trim());
  if (Number.isNaN(date.getTime())) return value.trim();
  const key = timeZone ?? '';
  let format = localLongUsDates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      ...(timeZone ? { timeZone } : {}),
    });
    localLongUsDates.set(key, format);
  }
  return format.format(date);
}

/**
 * A recorded date after today (the seed holds collection dates in the year 2222): kept as
 * recorded, but marked wherever it is shown and never offered as a year to filter by (the
 * server's year list uses the same rule, `collection_date <= CURRENT_DATE`).
 */
export function isImpossibleDate(value: string | null | undefined, today = new Date()): boolean {
  const dateOnly = value ? DATE_ONLY.exec(value.trim()) : null;
  return dateOnly !== null && dateOnly[0] > today.toISOString().slice(0, 10);
}
