/**
 * How the data files of the Darwin Core Archive download (decision 0015) are written. The archive is
 * OBIS style: an Event core (one event per CBASS assay, event-file.ts), an Occurrence extension
 * (one occurrence per colony, occurrence-file.ts) and the Extended MeasurementOrFact extension
 * (the thresholds and the MMM, measurement-file.ts). Each file is a header line and then, colony
 * by colony, its rows; events shared by colonies are written once, remembered by a
 * `DwcaEventTracker` the caller keeps for the whole download.
 *
 * Each file is described once, as a list of fields (column name, term IRI, meaning, value):
 * the header, the rows, meta.xml and the data dictionary all come from that list.
 *
 * Tab-separated, UTF-8, no quoting (meta.xml says fieldsEnclosedBy=""): tabs and line breaks
 * inside values become spaces. Values are not formula-neutralised: the archive is read by
 * harvesters (GBIF, OBIS), and an apostrophe would alter the data they index.
 */

export type DwcaValue = string | number | null | undefined;

export interface DwcaField<R> {
  /** Column header (the term's local name). */
  name: string;
  /** The term's IRI, as meta.xml states it. */
  term: string;
  description: string;
  unit: string | null;
  value(row: R): DwcaValue;
}

export interface DwcaFileSpec<R> {
  fileName: string;
  rowType: string;
  /** The core file's rows are referred to by the extensions' first column. */
  role: 'core' | 'extension';
  /** Column 0: the core's id, or in an extension the id of the core row it belongs to. */
  idColumn: { name: string; description: string; term: string | null; value(row: R): string };
  /** Columns 1…n. */
  fields: readonly DwcaField<R>[];
}

export const DWCA_LINE_END = '\n';

/** A value as one tab-separated cell. */
export function dwcaCell(value: DwcaValue): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return value.replace(/[\t\r\n]+/g, ' ');
}

export function dwcaHeader<R>(spec: DwcaFileSpec<R>): string {
  return [spec.idColumn.name, ...spec.fields.map((field) => field.name)].join('\t') + DWCA_LINE_END;
}

export function dwcaLine<R>(spec: DwcaFileSpec<R>, row: R): string {
  return (
    [spec.idColumn.value(row), ...spec.fields.map((field) => field.value(row))]
      .map(dwcaCell)
      .join('\t') + DWCA_LINE_END
  );
}
