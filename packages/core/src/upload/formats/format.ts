import type { ColumnSpec, HeaderNames } from '../column-spec';
import type { CsvReadOptions, CsvRecord, CsvTable } from '../csv-table';
import type { PlanBuilder } from '../plan-builder';
import type { RowReader } from '../row-reader';
import type { PlanColony, PlanObservation } from '../upload-plan';

/**
 * The two things a registered upload format describes (see README.md): a LAYOUT of the main
 * data file (which columns, how its rows become projects, colonies, measurements and curves),
 * and a FILE TYPE (how the bytes of a file become rows of cells). Any layout can come in any
 * file type: a standard sheet saved as CSV today, or as a workbook once an XLSX type exists.
 */

/** A colony × condition × timepoint of the main file that an ED results row may belong to. */
export interface CurveCandidate {
  colony: PlanColony;
  condition: string | null;
  timepoint: string | null;
  observations: PlanObservation[];
  /** First main-file row of the curve. */
  row: number;
}

/** When the ED results file must come with a main file of this layout. */
export type EdFileNeed =
  /** Always; the refusal when it is missing. */
  | { needed: 'always'; problem: string; fix: string }
  /** Unless the sheet carries its ED50s in this column. */
  | { needed: 'unless-inline'; inlineColumn: string };

/** A layout of the main data file. */
export interface UploadLayout<Id extends string = string> {
  /** Stored in uploads.format and the API's `format` field. */
  id: Id;
  /** 'Standard schema (Project.name … Publication.doi)': the preview and the messages. */
  label: string;
  /** 'standard schema': after the file name on the upload's page. */
  shortLabel: string;
  /** 'standard' in "Not recognised as a standard or raw CBASS sheet." */
  sheetName: string;
  /** 'the standard template' in "Use the standard template or the raw CBASS template". */
  template: string;
  /** Every column, required ones marked (the preview stars them). */
  columns: readonly ColumnSpec[];
  /**
   * Whether a header is this layout's. Tried after the ED results file's, in registry order:
   * the first layout that claims a header gets it.
   */
  detect(header: HeaderNames): boolean;
  edFile: EdFileNeed;
  /** Reads the (validated) rows into a plan; rows without a PAM value are listed. */
  readRows(
    records: readonly CsvRecord[],
    reader: RowReader,
    today: Date,
  ): { builder: PlanBuilder; missingPam: number[] };
  /** How the rows of the ED results file name a curve of this layout. */
  edMatching: {
    /** The grouping tuples (ed-results.ts groupingTuple) under which an ED row names it. */
    tuples(candidate: CurveCandidate): string[];
    /** A curve without ED row: in words, and the field of the main file to point at. */
    unmatched(candidate: CurveCandidate): { what: string; field: string };
  };
}

/** A table read from a file: the header and its data records (see csv-table.ts). */
export type UploadTable = Omit<CsvTable, 'delimiter'>;

export type TableReadResult =
  | { ok: true; table: UploadTable; warning: string | null }
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

/** How the bytes of a file become a table. */
export interface UploadFileType {
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

/** The calculator's ED results file, the second file of an upload. */
export interface CompanionFile<Id extends string = string> {
  id: Id;
  label: string;
  columns: readonly ColumnSpec[];
  detect(header: HeaderNames): boolean;
}
