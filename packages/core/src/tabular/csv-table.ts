import Papa from 'papaparse';

/** One data record of a CSV file with its spreadsheet row number (its position in the file). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

export interface CsvTable {
  /** Header cells as written (BOM removed): the first record that is not blank. */
  header: string[];
  /** Spreadsheet row of the header: 1, unless blank lines come before it. */
  headerRow: number;
  /** Data records in file order (the first `maxRecords` when limited); blank lines are left out. */
  records: CsvRecord[];
  /** Data records of the whole file (of the part read when a limited read stopped early). */
  recordCount: number;
  delimiter: ',' | ';' | '\t';
  /** Records whose quoting is broken: Papa's message, by row. */
  malformed: { row: number; message: string }[];
}

export interface CsvReadOptions {
  /** Keep at most this many data records (the preview, the quick check). */
  maxRecords?: number;
  /** With `maxRecords`: go on counting the records after the kept ones (else stop reading). */
  countAll?: boolean;
}

const DELIMITERS: readonly CsvTable['delimiter'][] = [',', ';', '\t'];

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const [LF, CR, SPACE, TAB, COMMA, SEMICOLON] = [10, 13, 32, 9, 44, 59];

/**
 * The text without the blank lines (empty, spaces, or delimiters only: ",,,," as Excel writes
 * them) after its last record. They would be skipped anyway, but the parser would first make an
 * array for each: a sheet followed by 52 million blank lines (50 MB, within the upload limit)
 * took the server to 4 GB (decision 0024). Memory now follows the file's useful content.
 * The last record is kept whole, trailing empty cells included.
 */
function withoutBlankTail(text: string): string {
  let cut = text.length;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) cut = i;
    else if (c !== SPACE && c !== TAB && c !== COMMA && c !== SEMICOLON) break;
  }
  return cut === text.length ? text : text.slice(0, cut);
}

/**
 * THE CSV text reader of the platform (upload, preview, quick check, ED calculator). A real
 * parser (Papa Parse, RFC 4180: quoted commas, doubled quotes, line breaks inside quotes),
 * whatever the line ends (CRLF, LF, CR) and with or without a byte-order mark. The delimiter is
 * guessed among comma, semicolon (European Excel) and tab. Blank records are skipped, before the
 * header too (as R's read.csv does); row numbers count records the way a spreadsheet shows them,
 * so a cell spanning two lines does not shift later rows.
 */
export function readCsvTable(text: string, options: CsvReadOptions = {}): CsvTable {
  const content = withoutBlankTail(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const table: CsvTable = {
    header: [],
    headerRow: 1,
    records: [],
    recordCount: 0,
    delimiter: ',',
    malformed: [],
  };
  let headerFound = false;
  /** Takes the record at 0-based position `index`; false when reading should stop. */
  const take = (cells: string[], index: number): boolean => {
    if (isBlank(cells)) return true;
    if (!headerFound) {
      headerFound = true;
      table.header = cells;
      table.headerRow = index + 1;
      return true;
    }
    const keep = options.maxRecords === undefined || table.records.length < options.maxRecords;
    if (!keep && !options.countAll) return false;
    table.recordCount++;
    if (keep) table.records.push({ row: index + 1, cells });
    return true;
  };
  /** Broken quoting (Papa's only other error here is an undetectable delimiter: comma is used). */
  const noteQuotes = (error: Papa.ParseError, row: number | null) => {
    if (error.type === 'Quotes' && row !== null) {
      table.malformed.push({ row, message: error.message });
    }
  };
  const noteDelimiter = (delimiter: string) => {
    table.delimiter = DELIMITERS.find((d) => d === delimiter) ?? ',';
  };

  if (options.maxRecords === undefined) {
    // The whole file at once: much faster than a callback per record on 100,000-row files.
    const parsed = Papa.parse<string[]>(content, {
      skipEmptyLines: false,
      delimitersToGuess: [...DELIMITERS],
    });
    noteDelimiter(parsed.meta.delimiter);
    parsed.data.forEach((cells, index) => take(cells, index));
    for (const error of parsed.errors) {
      noteQuotes(error, error.row === undefined ? null : error.row + 1);
    }
    return table;
  }
  let index = 0;
  Papa.parse<string[]>(content, {
    skipEmptyLines: false,
    delimitersToGuess: [...DELIMITERS],
    step: (result, parser) => {
      noteDelimiter(result.meta.delimiter);
      for (const error of result.errors) noteQuotes(error, index + 1);
      if (!take(result.data, index++)) parser.abort();
    },
  });
  return table;
}
