import Papa from 'papaparse';

/** One data record of a CSV file with its spreadsheet row number (header = row 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

export interface CsvTable {
  /** Header cells as written (BOM removed). */
  header: string[];
  /** Data records in file order; blank lines are left out. */
  records: CsvRecord[];
  delimiter: ',' | ';' | '\t';
  /** Records whose quoting is broken: Papa's message, by row. */
  malformed: { row: number; message: string }[];
}

/**
 * Reads CSV text with a real parser (RFC 4180: quoted commas, doubled quotes, line breaks inside
 * quotes), whatever the line ends (CRLF, LF, CR) and with or without a byte-order mark. The
 * delimiter is guessed among comma, semicolon (European Excel) and tab. Row numbers count records
 * the way a spreadsheet shows them, so a cell spanning two lines does not shift later rows.
 */
export function readCsvTable(text: string): CsvTable {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(content, {
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t'],
  });
  const delimiter = (
    [',', ';', '\t'].includes(parsed.meta.delimiter) ? parsed.meta.delimiter : ','
  ) as CsvTable['delimiter'];
  const [header = [], ...rest] = parsed.data;
  const records: CsvRecord[] = [];
  rest.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    records.push({ row: index + 2, cells });
  });
  const malformed = parsed.errors
    .filter((error) => error.type === 'Quotes' && error.row !== undefined)
    .map((error) => ({ row: (error.row ?? 0) + 1, message: error.message }));
  return { header, records, delimiter, malformed };
}
