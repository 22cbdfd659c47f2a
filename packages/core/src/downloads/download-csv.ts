import { formatCsvRow, UTF8_BOM, type CsvCell } from '../csv/csv-writer';
import { displayTaxonName } from '../taxonomy/taxon-match';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { rowMmm, thresholdRows, type ThresholdRow } from '../thresholds/threshold-rows';
import type { DatasetLookup } from './download-datasets';
import type { DownloadColony, DownloadDataset, DownloadThreshold } from './download-model';
import type { DictionarySection, TextDownloadWriter } from './formats/download-format';
import {
  CITATION_KEY_COLUMN,
  DATASET_ID_COLUMN,
  DATASET_VERSION_COLUMN,
  edMethodColumn,
  LICENCE_COLUMN,
} from './provenance-columns';

/**
 * The open download as CSV (decision 0015): one row per colony × condition × timepoint, with the
 * colony's thresholds of every kind for that condition and timepoint side by side, and on every
 * row the dataset version and licence it comes under (rows of several versions mix in one file).
 * Streamable: the preamble once, then `downloadCsvRows` per colony.
 */

export interface DownloadCsvRow extends ThresholdRow<DownloadThreshold> {
  colony: DownloadColony;
  dataset: DownloadDataset;
}

export interface DownloadCsvColumn {
  header: string;
  description: string;
  /** Unit of the values (null: none). */
  unit: string | null;
  cell(row: DownloadCsvRow): CsvCell;
}

/**
 * The species a colony is shown under (decision 0060): the accepted name of an exact WoRMS match
 * (a synonym moves to its accepted name), otherwise the name as written. The site, the filters and
 * the downloads' `species` agree; the name as written is the verbatim column (decision 0063).
 */
export const shownSpeciesOf = (colony: DownloadColony): string =>
  displayTaxonName(colony.species, colony.taxon ?? null);

export const SHOWN_SPECIES_DESCRIPTION =
  'Species (scientific name) as the platform shows and filters it: the accepted name in WoRMS when the name as written is an accepted name or a synonym, otherwise the name as written';
/** The name as written (Darwin Core verbatimIdentification), in the CSV and the GeoJSON. */
export const VERBATIM_SPECIES_KEY = 'verbatim_species';
export const VERBATIM_SPECIES_DESCRIPTION =
  "Species as written in the data provider's file (Darwin Core verbatimIdentification); differs from species when WoRMS gives the name as a synonym";

/** Separator of lists inside one cell (projects, dates, DOIs, flags). */
export const LIST_SEPARATOR = '; ';

const thresholdColumns = THRESHOLD_KINDS.flatMap((kind): DownloadCsvColumn[] => {
  const { edLabel, label, meaning } = THRESHOLD_KIND_INFO[kind];
  return [
    {
      header: `${kind}_abs`,
      description: `${edLabel} (${label}): ${meaning}; absolute`,
      unit: '°C',
      cell: (row) => row.entries[kind]?.abs,
    },
    {
      header: `${kind}_rel`,
      description: `${edLabel} relative to the MMM (${edLabel} − MMM)`,
      unit: '°C',
      cell: (row) => row.entries[kind]?.rel,
    },
    {
      header: `${kind}_flags`,
      description: `Data-quality flags of the ${edLabel} value (docs/decisions/0002-threshold-quality-flags.md), "; "-separated; they apply to ${kind}_abs and ${kind}_rel alike. Empty: no flag`,
      unit: null,
      cell: (row) => row.entries[kind]?.qualityFlags.join(LIST_SEPARATOR),
    },
    edMethodColumn(kind),
  ];
});

/** The columns, in order. Headers are stable: scripts select columns by them. */
export const DOWNLOAD_CSV_COLUMNS: readonly DownloadCsvColumn[] = [
  DATASET_ID_COLUMN,
  DATASET_VERSION_COLUMN,
  CITATION_KEY_COLUMN,
  LICENCE_COLUMN,
  {
    header: 'colony_id',
    description: 'Colony id on the platform',
    unit: null,
    cell: (row) => row.colony.id,
  },
  {
    header: 'colony_name',
    description: 'Colony name as the data provider gave it',
    unit: null,
    cell: (row) => row.colony.name,
  },
  {
    header: 'species',
    description: SHOWN_SPECIES_DESCRIPTION,
    unit: null,
    cell: (row) => shownSpeciesOf(row.colony),
  },
  {
    header: 'country',
    description: 'Country of collection, ISO 3166-1 alpha-3 code',
    unit: null,
    cell: (row) => row.colony.country,
  },
  {
    header: 'latitude',
    description: 'Latitude of the colony (WGS 84)',
    unit: 'decimal degrees',
    cell: (row) => row.colony.latitude,
  },
  {
    header: 'longitude',
    description: 'Longitude of the colony (WGS 84)',
    unit: 'decimal degrees',
    cell: (row) => row.colony.longitude,
  },
  {
    header: 'collection_dates',
    description:
      'Distinct collection dates of the colony\'s samples (ISO 8601), ascending, "; "-separated',
    unit: null,
    cell: (row) => row.colony.collectionDates.join(LIST_SEPARATOR),
  },
  {
    header: 'project_names',
    description: 'Projects holding samples of the colony, "; "-separated',
    unit: null,
    cell: (row) => row.colony.projectNames.join(LIST_SEPARATOR),
  },
  {
    header: 'condition',
    description: 'Assay condition (treatment) the thresholds were measured under',
    unit: null,
    cell: (row) => row.condition,
  },
  {
    header: 'timepoint',
    description: 'Assay timepoint: minutes after the start of the heat ramp (420: standard CBASS)',
    unit: 'min',
    cell: (row) => row.timepoint,
  },
  {
    header: 'sst_clim_mmm',
    description: 'Maximum monthly mean sea-surface temperature climatology (MMM) at the colony',
    unit: '°C',
    cell: (row) => rowMmm(row),
  },
  ...thresholdColumns,
  {
    header: 'source_dois',
    description:
      'DOIs of the publications of the colony\'s projects and of its dataset version, "; "-separated',
    unit: null,
    cell: (row) => row.colony.publicationDois.join(LIST_SEPARATOR),
  },
  // After the columns the brief fixed (decision 0063): scripts reading them by position still do.
  {
    header: VERBATIM_SPECIES_KEY,
    description: VERBATIM_SPECIES_DESCRIPTION,
    unit: null,
    cell: (row) => row.colony.species,
  },
];

/** The start of the file: a UTF-8 byte-order mark (for Excel) and the header row. */
export function downloadCsvPreamble(): string {
  return UTF8_BOM + formatCsvRow(DOWNLOAD_CSV_COLUMNS.map((column) => column.header));
}

/** The rows of one colony (split as the cart export splits them). */
export function downloadCsvRowsOf(colony: DownloadColony, lookup: DatasetLookup): DownloadCsvRow[] {
  const dataset = lookup(colony);
  return thresholdRows(colony.thresholds).map((row) => ({ ...row, colony, dataset }));
}

/** The CSV text of one colony: every one of its rows, each ending in CRLF. */
export function downloadCsvRows(colony: DownloadColony, lookup: DatasetLookup): string {
  return downloadCsvRowsOf(colony, lookup)
    .map((row) => formatCsvRow(DOWNLOAD_CSV_COLUMNS.map((column) => column.cell(row))))
    .join('');
}

/** The CSV download's writer (formats/registry.ts). */
export const downloadCsvWriter: TextDownloadWriter = {
  kind: 'text',
  open: (_context, lookup) => ({
    head: downloadCsvPreamble,
    colony: (colony) => downloadCsvRows(colony, lookup),
    tail: () => '',
  }),
};

/** The CSV's part of the data dictionary. */
export const DOWNLOAD_CSV_DICTIONARY: readonly DictionarySection[] = [
  {
    title: 'CSV',
    intro:
      'Columns of the CSV download, in order: one row per colony × condition × timepoint (UTF-8 with BOM, comma-separated, RFC 4180). Text cells a spreadsheet would run as a formula start with an apostrophe.',
    entries: DOWNLOAD_CSV_COLUMNS.map(({ header, description, unit }) => ({
      name: header,
      description,
      unit,
    })),
  },
];
