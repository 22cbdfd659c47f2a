import {
  perThresholdKind,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
} from '../thresholds/threshold-kinds';
import { formatCsvRow, UTF8_BOM, type CsvCell } from './csv-writer';

/**
 * The research-cart CSV export (docs/cart-export.md): one row per group × colony × condition ×
 * timepoint, with the colony's thresholds of every kind for that condition and timepoint side by side.
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

function mmmOf(row: CartExportRow): number | null {
  for (const kind of THRESHOLD_KINDS) {
    const mmm = row.entries[kind]?.mmm;
    if (mmm != null) return mmm;
  }
  return null;
}

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

/** The columns, in order. Headers are stable: scripts select columns by them. */
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
    cell: mmmOf,
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

/** The start of the file: a UTF-8 byte-order mark (for Excel) and the header row. */
export function cartExportPreamble(): string {
  return UTF8_BOM + formatCsvRow(CART_EXPORT_COLUMNS.map((column) => column.header));
}

export function formatCartExportRow(row: CartExportRow): string {
  return formatCsvRow(CART_EXPORT_COLUMNS.map((column) => column.cell(row)));
}

const compareText = (a: string | null, b: string | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b, 'en', { numeric: true });
};

/**
 * The rows of one colony in one group: one per distinct condition × timepoint found in any of
 * its threshold lists, sorted by condition then timepoint (numerically where numeric). If a
 * kind holds several entries for the same condition and timepoint, they are paired up in order
 * and extra rows are added, so no value is ever dropped. A colony without any threshold still
 * gets one row.
 */
export function cartExportRows(groupName: string, colony: CartExportColony): CartExportRow[] {
  const tuples = new Map<
    string,
    {
      condition: string | null;
      timepoint: string | null;
      byKind: Map<ThresholdKind, CartExportThreshold[]>;
    }
  >();
  for (const kind of THRESHOLD_KINDS) {
    for (const entry of colony.thresholds[kind]) {
      const key = JSON.stringify([entry.condition, entry.timepoint]);
      let tuple = tuples.get(key);
      if (!tuple) {
        tuple = { condition: entry.condition, timepoint: entry.timepoint, byKind: new Map() };
        tuples.set(key, tuple);
      }
      const list = tuple.byKind.get(kind) ?? [];
      list.push(entry);
      tuple.byKind.set(kind, list);
    }
  }
  if (tuples.size === 0) {
    return [
      {
        groupName,
        colony,
        condition: null,
        timepoint: null,
        entries: perThresholdKind(() => null),
      },
    ];
  }
  const sorted = [...tuples.values()].sort(
    (a, b) => compareText(a.condition, b.condition) || compareText(a.timepoint, b.timepoint),
  );
  return sorted.flatMap(({ condition, timepoint, byKind }) => {
    const count = Math.max(...[...byKind.values()].map((list) => list.length));
    return Array.from({ length: count }, (_, index) => ({
      groupName,
      colony,
      condition,
      timepoint,
      entries: perThresholdKind((kind) => byKind.get(kind)?.[index] ?? null),
    }));
  });
}
