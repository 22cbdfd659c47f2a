/**
 * Rows in PostgreSQL's COPY text format (the format of `COPY … FROM` without options): one line per
 * row, fields separated by tabs, `\N` for NULL. Inside a field a backslash starts an escape, so
 * backslashes, newlines, carriage returns and tabs are written `\\`, `\n`, `\r` and `\t`; every
 * other character (quotes, commas, unicode) stands for itself, sent as UTF-8. An empty string is an
 * empty field, never NULL. The text format rather than CSV: its only special characters are those
 * four and the backslash, so a field needs no quoting and the common field no escaping at all.
 *
 * Values become text exactly as node-postgres makes bind parameters of them (numbers and
 * booleans by `String`), so PostgreSQL parses the same text with the same input functions as the
 * INSERT path it replaces, and stores the same values.
 */

/** PostgreSQL type of a column: how its value is written (arrays as array literals). */
export type ColumnType = 'int4' | 'float8' | 'numeric' | 'text' | 'date' | 'text[]';
export type ColumnSpec = Readonly<Record<string, ColumnType>>;

export type CopyValue = string | number | boolean | null | undefined | readonly string[];

const NULL_FIELD = '\\N';
const NEEDS_ESCAPE = /[\\\n\r\t]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A field's text with COPY's escapes. */
export function escapeCopyField(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]!) : text;
}

/**
 * An array literal whose every element is quoted (so commas, braces, spaces, an empty string or
 * the word NULL stay text), with the array syntax's own escapes for `"` and `\`.
 */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

function scalarText(value: Exclude<CopyValue, null | undefined>, column: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError(`Column ${column}: an array where a single value belongs`);
}

/** One field of a row: `\N` for null (and undefined, as node-postgres sends it), else escaped text. */
export function copyField(value: CopyValue, type: ColumnType, column: string): string {
  if (value === null || value === undefined) return NULL_FIELD;
  if (type === 'text[]') {
    if (!Array.isArray(value)) throw new TypeError(`Column ${column}: expected an array of text`);
    return escapeCopyField(textArrayLiteral(value as readonly string[]));
  }
  return escapeCopyField(scalarText(value, column));
}

/** Text per chunk before it is cut into a buffer: big enough to keep messages few. */
const CHUNK_CHARS = 1 << 20;

/**
 * The rows as UTF-8 buffers of whole lines (about 1 MB each), made as they are consumed, so a
 * million rows never sit in memory as one string.
 */
export function* copyTextChunks<S extends ColumnSpec>(
  columns: S,
  rows: Iterable<{ readonly [K in keyof S]: CopyValue }>,
): Generator<Buffer<ArrayBuffer>> {
  const names = Object.keys(columns);
  const types = names.map((name) => columns[name]!);
  let text = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < names.length; i++) {
      if (i > 0) line += '\t';
      line += copyField(row[names[i]!], types[i]!, names[i]!);
    }
    text += line + '\n';
    if (text.length >= CHUNK_CHARS) {
      yield Buffer.from(text, 'utf8');
      text = '';
    }
  }
  if (text.length > 0) yield Buffer.from(text, 'utf8');
}
