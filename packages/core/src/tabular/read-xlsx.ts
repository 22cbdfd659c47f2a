import { Inflate } from 'fflate';
import { XMLParser } from 'fast-xml-parser';

/**
 * THE workbook reader of the platform (upload worker, quick check, preview, ED calculator in the
 * browser's Web Worker and the CLI): the first sheet of an Excel workbook (.xlsx) as rows of text
 * cells, each cell the text a CSV export would hold. Pure JavaScript (fflate for the ZIP,
 * fast-xml-parser for the XML), so it runs in Node and in browsers alike; decision 0023.
 *
 * - Strings (shared, inline, rich text runs, formula results) as written.
 * - Numbers as their shortest decimal text: 36.5 stays "36.5".
 * - Numbers in date-formatted cells (built-in formats 14–17 and 22, custom formats with a day or
 *   a year) as ISO dates "2018-08-07", so the upload's date checks work.
 * - Booleans as TRUE / FALSE; error cells (#N/A) as their text.
 *
 * Zip-bomb safety: each part is inflated in slices and the reading stops once the uncompressed
 * bytes pass `maxUncompressedBytes` (whatever the archive declares), and a sheet with more than
 * `maxCells` cells is refused before it is parsed.
 */

export interface XlsxLimits {
  maxUncompressedBytes: number;
  maxCells: number;
}

/** The server's default upload limit (50 MiB) × 10, and a million cells. */
export const XLSX_LIMITS: XlsxLimits = {
  maxUncompressedBytes: 10 * 50 * 1024 * 1024,
  maxCells: 1_000_000,
};

/** A row of the sheet: its spreadsheet row number and its cells from column A on. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export type XlsxReadResult =
  | { ok: true; rows: SheetRow[] }
  | { ok: false; reason: 'empty' | 'not-xlsx' | 'too-large'; problem: string; fix: string };

const SAVE_AS =
  'Open it in your spreadsheet program and save it as "Excel Workbook (.xlsx)" or as "CSV UTF-8 (comma delimited)".';

/** Password-protected workbooks and old .xls files are OLE compound files (D0 CF 11 E0). */
export const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0] as const;
export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;

/** Whether these first bytes are a workbook's: a ZIP (.xlsx) or an OLE file (.xls, encrypted). */
export const isWorkbook = (head: Uint8Array) =>
  [ZIP_SIGNATURE, OLE_SIGNATURE].some((signature) =>
    signature.every((byte, i) => head[i] === byte),
  );

class WorkbookError extends Error {
  constructor(
    readonly reason: 'empty' | 'not-xlsx' | 'too-large',
    readonly problem: string,
    readonly fix: string,
  ) {
    super(problem);
  }
}

const damaged = (detail: string) =>
  new WorkbookError(
    'not-xlsx',
    `This file is not a readable Excel workbook (.xlsx): ${detail}.`,
    `${SAVE_AS} If it came by e-mail or download, fetch it again: it may be cut short.`,
  );

export function readXlsxRows(bytes: Uint8Array, limits: XlsxLimits = XLSX_LIMITS): XlsxReadResult {
  try {
    return { ok: true, rows: readRows(bytes, limits) };
  } catch (error) {
    if (error instanceof WorkbookError) {
      return { ok: false, reason: error.reason, problem: error.problem, fix: error.fix };
    }
    throw error;
  }
}

function readRows(bytes: Uint8Array, limits: XlsxLimits): SheetRow[] {
  if (OLE_SIGNATURE.every((byte, i) => bytes[i] === byte)) {
    throw new WorkbookError(
      'not-xlsx',
      'This file is an old Excel workbook (.xls) or a password-protected workbook, which cannot be read.',
      `Remove its password if it has one, then ${SAVE_AS.charAt(0).toLowerCase()}${SAVE_AS.slice(1)}`,
    );
  }
  const zip = new ZipReader(bytes, limits.maxUncompressedBytes);
  const workbook = child(parseXml(zip.text('xl/workbook.xml', true)!), 'workbook');
  const rels = relationships(zip.text('xl/_rels/workbook.xml.rels', true)!);
  const firstSheet = nodes(child(child(workbook, 'sheets'), 'sheet'))[0];
  const sheetPath = firstSheet && rels.byId.get(attr(firstSheet, 'id'));
  if (!sheetPath) throw damaged('it has no worksheet');
  const sheetXml = zip.text(sheetPath, true)!;
  const cellCount = countCells(sheetXml);
  if (cellCount > limits.maxCells) {
    throw new WorkbookError(
      'too-large',
      `The workbook's first sheet has ${cellCount.toLocaleString('en')} cells, more than the ${limits.maxCells.toLocaleString('en')} a workbook may have here.`,
      'Upload the data as CSV, or split it into several files.',
    );
  }
  const date1904 = ['1', 'true'].includes(attr(child(workbook, 'workbookPr'), 'date1904'));
  const shared = sharedStrings(zip.text(rels.byType('sharedStrings') ?? 'xl/sharedStrings.xml'));
  const dateStyles = dateStyleIndexes(zip.text(rels.byType('styles') ?? 'xl/styles.xml'));
  const sheetData = child(child(parseXml(sheetXml), 'worksheet'), 'sheetData');
  const rows: SheetRow[] = [];
  let rowNumber = 0;
  for (const row of nodes(child(sheetData, 'row'))) {
    rowNumber = Number(attr(row, 'r')) || rowNumber + 1;
    const cells: string[] = [];
    let column = -1;
    for (const cell of nodes(child(row, 'c'))) {
      const reference = attr(cell, 'r');
      column = reference === '' ? column + 1 : columnIndex(reference);
      const text = cellText(cell, shared, dateStyles, date1904);
      while (cells.length < column) cells.push('');
      cells[column] = text;
    }
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ row: rowNumber, cells });
  }
  if (rows.length === 0) {
    throw new WorkbookError(
      'empty',
      "The workbook's first sheet is empty.",
      'Put the data on the first sheet of the workbook (a header row and one row per measurement).',
    );
  }
  return rows;
}

// --- ZIP --------------------------------------------------------------------------------------

interface ZipEntry {
  compression: number;
  compressedSize: number;
  dataStart: number;
}

/** The entries of a ZIP archive from its central directory; parts inflated within a budget. */
class ZipReader {
  private readonly entries = new Map<string, ZipEntry>();
  private budget: number;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxBytes: number,
  ) {
    this.budget = maxBytes;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (!ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte)) {
      throw damaged('it is not a ZIP archive');
    }
    let end = bytes.length - 22;
    while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
    if (end < 0 || bytes.length - end > 22 + 0xffff) throw damaged('its ZIP directory is missing');
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const decoder = new TextDecoder();
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) {
        throw damaged('its ZIP directory is damaged');
      }
      const nameLength = view.getUint16(at + 28, true);
      const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      const local = view.getUint32(at + 42, true);
      if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) {
        throw damaged('an entry of its ZIP archive is damaged');
      }
      this.entries.set(name.replace(/^\//, ''), {
        compression: view.getUint16(at + 10, true),
        compressedSize: view.getUint32(at + 20, true),
        dataStart: local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true),
      });
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
  }

  /** A part as text; null when absent (an error when `required`). */
  text(path: string, required = false): string | null {
    const entry = this.entries.get(path);
    if (!entry) {
      if (required) throw damaged(`it has no ${path}`);
      return null;
    }
    const data = this.bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (data.length < entry.compressedSize) throw damaged(`${path} is cut short`);
    const bytes = entry.compression === 0 ? data : this.inflate(data, path);
    if (entry.compression === 0) {
      this.spend(bytes.length);
    }
    return new TextDecoder().decode(bytes);
  }

  private spend(bytes: number) {
    this.budget -= bytes;
    if (this.budget < 0) {
      throw new WorkbookError(
        'too-large',
        `The workbook unpacks to more than ${Math.round(this.maxBytes / 1024 / 1024)} MB, more than a workbook may have here.`,
        'Upload the data as CSV, or split it into several files.',
      );
    }
  }

  /** Inflates in slices, so a bomb is stopped after at most one slice's output past the budget. */
  private inflate(data: Uint8Array, path: string): Uint8Array {
    const chunks: Uint8Array[] = [];
    let done = false;
    const inflater = new Inflate((chunk, final) => {
      this.spend(chunk.length);
      chunks.push(chunk);
      done = final;
    });
    const SLICE = 16 * 1024;
    try {
      for (let at = 0; at < data.length; at += SLICE) {
        inflater.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
      }
    } catch (error) {
      if (error instanceof WorkbookError) throw error;
      throw damaged(`${path} is damaged`);
    }
    if (!done && data.length > 0) throw damaged(`${path} is cut short`);
    const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

// --- XML parts --------------------------------------------------------------------------------

/** Parsed XML: elements as objects, attributes and text as strings, repeats as arrays. */
type XmlValue = string | XmlNode | XmlValue[] | undefined;
interface XmlNode {
  [key: string]: XmlValue;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
});

function parseXml(xml: string): XmlValue {
  try {
    return parser.parse(xml) as XmlNode;
  } catch {
    throw damaged('one of its parts is not valid XML');
  }
}

const isNode = (value: XmlValue): value is XmlNode =>
  typeof value === 'object' && !Array.isArray(value);

/** The child element (or attribute) `key` of an element; undefined when absent. */
const child = (value: XmlValue, key: string): XmlValue => (isNode(value) ? value[key] : undefined);

/** The elements of a value that may be one element or a list (or text, left out). */
const nodes = (value: XmlValue): XmlNode[] =>
  (Array.isArray(value) ? value : [value]).filter(isNode);

/** An attribute, or the text of an element that may carry attributes (xml:space); '' if none. */
const attr = (value: XmlValue, key: string): string => {
  const found = child(value, key);
  return typeof found === 'string' ? found : '';
};
const textOf = (value: XmlValue): string =>
  typeof value === 'string' ? value : attr(value, '#text');

/** Excel escapes control characters as _x000D_. */
const unescapeOoxml = (text: string) =>
  text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Plain or rich text (runs; phonetic hints left out). */
const richText = (value: XmlValue): string =>
  unescapeOoxml(
    child(value, 't') !== undefined
      ? textOf(child(value, 't'))
      : nodes(child(value, 'r'))
          .map((run) => textOf(child(run, 't')))
          .join(''),
  );

function relationships(xml: string) {
  const list = nodes(child(child(parseXml(xml), 'Relationships'), 'Relationship'));
  const resolve = (target: string) =>
    target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  return {
    byId: new Map(list.map((rel) => [attr(rel, 'Id'), resolve(attr(rel, 'Target'))])),
    byType: (type: string) => {
      const rel = list.find((r) => attr(r, 'Type').endsWith(`/${type}`));
      return rel ? resolve(attr(rel, 'Target')) : null;
    },
  };
}

function sharedStrings(xml: string | null): string[] {
  if (xml === null) return [];
  return nodes(child(child(parseXml(xml), 'sst'), 'si')).map(richText);
}

/** Built-in number formats that show a date (14–17 m/d/yy … mmm-yy, 22 m/d/yy h:mm). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 22]);

/** Whether a custom format code shows a date: a day or year once literals are removed. */
function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[dy]/i.test(bare);
}

/** The cell style indexes (cellXfs positions) whose number format shows a date. */
function dateStyleIndexes(xml: string | null): Set<number> {
  const result = new Set<number>();
  if (xml === null) return result;
  const styles = child(parseXml(xml), 'styleSheet');
  const customDates = new Set(
    nodes(child(child(styles, 'numFmts'), 'numFmt'))
      .filter((format) => isDateFormat(attr(format, 'formatCode')))
      .map((format) => Number(attr(format, 'numFmtId'))),
  );
  nodes(child(child(styles, 'cellXfs'), 'xf')).forEach((xf, index) => {
    const id = Number(attr(xf, 'numFmtId') || 0);
    if (BUILT_IN_DATE_FORMATS.has(id) || customDates.has(id)) result.add(index);
  });
  return result;
}

/** "C7" → 2. */
function columnIndex(reference: string): number {
  let index = 0;
  for (const char of reference.toUpperCase()) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + code - 64;
  }
  return index - 1;
}

/** Number of <c> elements, counted before parsing so a huge sheet is refused cheaply. */
function countCells(xml: string): number {
  let count = 0;
  for (let at = xml.indexOf('<c'); at !== -1; at = xml.indexOf('<c', at + 2)) {
    const next = xml.charCodeAt(at + 2);
    if (next === 32 || next === 62 || next === 47) count++; // "<c ", "<c>", "<c/"
  }
  return count;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date serial (days since 1899-12-30, or since 1904-01-01) as "YYYY-MM-DD" (with time). */
function serialToIso(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0);
  const ms = Math.round((days - 25569) * 86400000);
  const date = new Date(ms);
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = Math.round((days % 1) * 86400);
  if (seconds === 0 || seconds === 86400) return day;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

function cellText(
  cell: XmlNode,
  shared: string[],
  dateStyles: Set<number>,
  date1904: boolean,
): string {
  const value = textOf(cell.v);
  switch (attr(cell, 't')) {
    case 's':
      return shared[Number(value)] ?? '';
    case 'inlineStr':
      return richText(cell.is);
    case 'str':
    case 'e':
      return unescapeOoxml(value);
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
    default: {
      if (value.trim() === '') return '';
      const number = Number(value);
      if (!Number.isFinite(number)) return value;
      if (dateStyles.has(Number(attr(cell, 's') || 0)) && number >= 1) {
        return serialToIso(number, date1904);
      }
      return String(number);
    }
  }
}
