import { rowMmm, thresholdRows } from '../thresholds/threshold-rows';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
} from '../thresholds/threshold-kinds';
import type { CsvCell } from './csv-writer';

/**
 * The research-cart CSV export (docs/cart-export.md): one row per group × colony × condition ×
 * timepoint, with the colony's thresholds of every kind for that condition and timepoint side by side.
 * Here: the spec's columns. The file adds the provenance columns after them
 * (downloads/cart-export-file.ts, decision 0054).
 */
export const CART_EXPORT_FILENAME = 'coral_cart_export.csv';
export const CART_EXPORT_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** One stored threshold of a colony, as the export needs it. */
export interface CartExportThreshold {
  condition: string | null;
  timepoint: string | null;
  abs: number | null;
  rel: number | null;
  mmm: number | null;
  qualityFlags: readonly string[];
}

export interface CartExportColony {
  id: number;
  name: string;
  species: string;
  country: string;
  latitude: number;
  longitude: number;
  projectNames: readonly string[];
  publicationDois: readonly string[];
  thresholds: Readonly<Record<ThresholdKind, readonly CartExportThreshold[]>>;
}

export interface CartExportRow {
  groupName: string;
  colony: CartExportColony;
  condition: string | null;
  timepoint: string | null;
  /** The colony's entries for this condition and timepoint (null: none of that kind). */
  entries: Readonly<Record<ThresholdKind, CartExportThreshold | null>>;
}

export interface CartExportColumn {
  header: string;
  description: string;
  cell(row: CartExportRow): CsvCell;
}

const LIST_SEPARATOR = '; ';

const thresholdColumns = THRESHOLD_KINDS.flatMap((kind): CartExportColumn[] => {
  const { edLabel, label } = THRESHOLD_KIND_INFO[kind];
  return [
    {
      header: `${kind}_abs`,
      description: `${edLabel} (${label}), absolute, °C`,
      cell: (row) => row.entries[kind]?.abs,
    },
    {
      header: `${kind}_rel`,
      description: `${edLabel} relative to the MMM (${edLabel} − MMM), °C`,
      cell: (row) => row.entries[kind]?.rel,
    },
  ];
});

/** The spec's columns, in order. Headers are stable: scripts select columns by them. */
export const CART_EXPORT_COLUMNS: readonly CartExportColumn[] = [
  { header: 'group_name', description: 'Cart group name', cell: (row) => row.groupName },
  {
    header: 'project_names',
    description: 'Projects holding samples of the colony, "; "-separated',
    cell: (row) => row.colony.projectNames.join(LIST_SEPARATOR),
  },
  { header: 'colony_id', description: 'Colony id', cell: (row) => row.colony.id },
  { header: 'colony_name', description: 'Colony name', cell: (row) => row.colony.name },
  { header: 'species', description: 'Species', cell: (row) => row.colony.species },
  { header: 'country', description: 'ISO 3166-1 alpha-3 code', cell: (row) => row.colony.country },
  {
    header: 'latitude',
    description: 'Decimal degrees (WGS 84)',
    cell: (row) => row.colony.latitude,
  },
  {
    header: 'longitude',
    description: 'Decimal degrees (WGS 84)',
    cell: (row) => row.colony.longitude,
  },
  { header: 'condition', description: 'Assay condition', cell: (row) => row.condition },
  { header: 'timepoint', description: 'Assay timepoint', cell: (row) => row.timepoint },
  {
    header: 'sst_clim_mmm',
    description: 'Maximum monthly mean SST climatology (MMM), °C',
    cell: rowMmm,
  },
  ...thresholdColumns,
  {
    header: 'quality_flags',
    description: 'Data-quality flags as KIND:flag, "; "-separated (e.g. ED95:implausible_absolute)',
    cell: (row) =>
      THRESHOLD_KINDS.flatMap((kind) =>
        (row.entries[kind]?.qualityFlags ?? []).map(
          (flag) => `${THRESHOLD_KIND_INFO[kind].edLabel}:${flag}`,
        ),
      ).join(LIST_SEPARATOR),
  },
  {
    header: 'publication_dois',
    description: 'DOIs of the publications of the colony\'s projects, "; "-separated',
    cell: (row) => row.colony.publicationDois.join(LIST_SEPARATOR),
  },
];

/**
 * The rows of one colony in one group: one per condition × timepoint, split by `thresholdRows`
 * (the rule the open downloads share).
 */
export function cartExportRows(groupName: string, colony: CartExportColony): CartExportRow[] {
  return thresholdRows(colony.thresholds).map((row) => ({ groupName, colony, ...row }));
}
