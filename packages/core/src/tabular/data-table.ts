import type { CsvReadOptions, CsvTable } from './csv-table';

/**
 * A table of cells read from a data file, whatever its file type (CSV text, an Excel workbook):
 * the header and its data records with their spreadsheet row numbers (see csv-table.ts).
 */
export type DataTable = Omit<CsvTable, 'delimiter'>;

export type TableReadResult =
  | { ok: true; table: DataTable; warning: string | null }
  | {
      ok: false;
      /** 'empty': nothing but white space; 'not-text' (or another type's reason): unreadable. */
      reason: string;
      problem: string;
      fix: string;
    };

export interface TableReadOptions extends CsvReadOptions {
  /** The bytes are only the start of the file (the quick check). */
  partial?: boolean;
}

/**
 * A FILE TYPE: how the bytes of a file become a table (csv-file.ts, xlsx-file.ts). Which types
 * the upload accepts, and in which order they are asked, is the upload-format registry's
 * (upload/formats/registry.ts); any layout of a main data file can come in any file type.
 */
export interface DataFileType {
  id: string;
  /** File name endings accepted, lower case with the dot: ['.csv']. */
  extensions: readonly string[];
  /** Media types for the file pickers: ['text/csv']. */
  mediaTypes: readonly string[];
  /**
   * Whether these first bytes are this type's (a binary type checks its signature). Types are
   * asked in registry order; the last one (text) takes what no other claims.
   */
  claims(head: Uint8Array): boolean;
  /**
   * Whether the first bytes alone can be read (`partial`), so the quick check can look at the
   * header before the upload is queued. CSV can; a workbook cannot (a ZIP's directory is at its
   * end): its header is then checked by the worker only.
   */
  readsStart: boolean;
  readTable(bytes: Uint8Array, options?: TableReadOptions): TableReadResult;
}
