import {
  CART_EXPORT_COLUMNS,
  CART_EXPORT_FILENAME,
  cartExportRows,
  type CartExportColony,
  type CartExportColumn,
  type CartExportRow,
  type CartExportThreshold,
} from '../csv/cart-export';
import { formatCsvRow, UTF8_BOM } from '../csv/csv-writer';
import type { EdProvenance } from '../thresholds/ed-provenance';
import { THRESHOLD_KINDS, type ThresholdKind } from '../thresholds/threshold-kinds';
import { licenceSummary, type DatasetLookup } from './download-datasets';
import type { DownloadDataset } from './download-model';
import {
  CITATION_KEY_COLUMN,
  DATASET_ID_COLUMN,
  DATASET_VERSION_COLUMN,
  edMethodColumn,
  LICENCE_COLUMN,
  type ProvenanceRow,
} from './provenance-columns';

/**
 * The research cart export file (docs/cart-export.md; decision 0054): the spec's columns
 * (csv/cart-export.ts) unchanged and in their order, then the provenance the open downloads
 * carry on every row, defined once in provenance-columns.ts. Its citations and licences travel
 * as a companion text file (`cartExportCitationsText`), never inside the CSV: comment lines would
 * break the readers researchers open it with.
 */

/** A stored value with how it was computed. */
export interface CartExportSourcedThreshold extends CartExportThreshold {
  provenance: EdProvenance;
}

/** A colony as the export file needs it: the spec's facts and its dataset version. */
export interface CartExportSourcedColony extends CartExportColony {
  datasetId: number;
  datasetVersion: number;
  /** `coral-dataset-<id>-v<n>`, as the open downloads name the version. */
  citationKey: string;
  thresholds: Readonly<Record<ThresholdKind, readonly CartExportSourcedThreshold[]>>;
}

export interface CartExportFileRow extends CartExportRow {
  colony: CartExportSourcedColony;
  entries: Readonly<Record<ThresholdKind, CartExportSourcedThreshold | null>>;
  dataset: DownloadDataset;
}

const provenance = (column: {
  header: string;
  description: string;
  cell(row: ProvenanceRow): ReturnType<CartExportColumn['cell']>;
}): CartExportColumn => ({
  header: column.header,
  description: column.description,
  cell: (row) => column.cell(row as CartExportFileRow),
});

/** The provenance columns, after the spec's, in this order. */
export const CART_EXPORT_PROVENANCE_COLUMNS: readonly CartExportColumn[] = [
  DATASET_ID_COLUMN,
  DATASET_VERSION_COLUMN,
  LICENCE_COLUMN,
  CITATION_KEY_COLUMN,
  ...THRESHOLD_KINDS.map(edMethodColumn),
].map(provenance);

/** Every column of the file, in order: the spec's, then the provenance. */
export const CART_EXPORT_FILE_COLUMNS: readonly CartExportColumn[] = [
  ...CART_EXPORT_COLUMNS,
  ...CART_EXPORT_PROVENANCE_COLUMNS,
];

/** The start of the file: a UTF-8 byte-order mark (for Excel) and the header row. */
export function cartExportPreamble(): string {
  return UTF8_BOM + formatCsvRow(CART_EXPORT_FILE_COLUMNS.map((column) => column.header));
}

export function formatCartExportRow(row: CartExportFileRow): string {
  return formatCsvRow(CART_EXPORT_FILE_COLUMNS.map((column) => column.cell(row)));
}

/** The rows of one colony in one group (split as csv/cart-export.ts splits them). */
export function cartExportFileRows(
  groupName: string,
  colony: CartExportSourcedColony,
  lookup: DatasetLookup,
): CartExportFileRow[] {
  const dataset = lookup(colony);
  return cartExportRows(groupName, colony).map((row) => ({
    ...row,
    colony,
    entries: row.entries as CartExportFileRow['entries'],
    dataset,
  }));
}

/** The companion file's name: it sorts next to the CSV in a downloads folder. */
export const CART_EXPORT_CITATIONS_FILENAME = 'coral_cart_export_citations.txt';
export const CART_EXPORT_CITATIONS_CONTENT_TYPE = 'text/plain; charset=utf-8';

/**
 * The companion of an export: how to cite every dataset version its rows come from (keyed by the
 * rows' `citation_key`, in the order their first row appears) and the licences they come under,
 * as the README and LICENCES.txt of an open download say them.
 */
export function cartExportCitationsText(
  datasets: readonly DownloadDataset[],
  meta: { platform: string; createdAt: string },
): string {
  const title = `Citations and licences of ${CART_EXPORT_FILENAME}`;
  const lines = [
    title,
    '='.repeat(title.length),
    '',
    `Exported from ${meta.platform} on ${meta.createdAt}, for the same cart groups as ${CART_EXPORT_FILENAME}.`,
    'Each row of the CSV names its dataset version in `citation_key` and its licence in `licence`.',
    '',
    'How to cite',
    '-----------',
  ];
  if (datasets.length === 0) {
    lines.push('The export holds no colonies, so no dataset version is to be cited.', '');
  } else {
    lines.push('The data come from these dataset versions; cite each one you use:', '');
    for (const dataset of datasets) lines.push(`[${dataset.citationKey}] ${dataset.citation}`, '');
  }
  lines.push('Licences', '--------');
  lines.push(datasets.length === 0 ? 'No data, so no licence applies.' : licenceSummary(datasets));
  return lines.join('\n').replace(/\n+$/, '\n');
}
