import type { ColumnSpec, HeaderNames } from '../../tabular/column-spec';
import type { CsvRecord } from '../../tabular/csv-table';
import type { EdMatching } from '../pair-check';
import type { PlanBuilder } from '../plan-builder';
import type { RowReader } from '../row-reader';

/**
 * The two things a registered upload format describes (see README.md): a LAYOUT of the main
 * data file (which columns, how its rows become projects, colonies, measurements and curves),
 * below, and a FILE TYPE (how the bytes of a file become rows of cells: tabular/data-table.ts).
 * Any layout can come in any file type: a standard sheet saved as CSV or as a workbook.
 */

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
  /** How the rows of the ED results file name a curve of this layout (pair-check.ts). */
  edMatching: EdMatching;
}

/** The calculator's ED results file, the second file of an upload. */
export interface CompanionFile<Id extends string = string> {
  id: Id;
  label: string;
  columns: readonly ColumnSpec[];
  detect(header: HeaderNames): boolean;
}
