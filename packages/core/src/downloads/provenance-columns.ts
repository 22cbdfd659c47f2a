import { describeEdProvenance, type EdProvenance } from '../thresholds/ed-provenance';
import { THRESHOLD_KIND_INFO, type ThresholdKind } from '../thresholds/threshold-kinds';
import type { CsvCell } from '../csv/csv-writer';
import { licenceCell } from './download-datasets';
import type { DownloadDataset } from './download-model';

/**
 * The provenance columns every row-per-value CSV carries (decisions 0015, 0032, 0054): the
 * dataset version a row comes from, its licence and citation key, and how each value was
 * computed. Defined once: the open download CSV (download-csv.ts) and the research cart export
 * (cart-export-file.ts) place them in their own order, with the same headers, texts and cells.
 */
export interface ProvenanceRow {
  colony: { datasetId: number; datasetVersion: number; citationKey: string };
  dataset: DownloadDataset;
  entries: Readonly<Record<ThresholdKind, { provenance: EdProvenance } | null>>;
}

export interface ProvenanceColumn {
  header: string;
  description: string;
  unit: string | null;
  cell(row: ProvenanceRow): CsvCell;
}

export const DATASET_ID_COLUMN: ProvenanceColumn = {
  header: 'dataset_id',
  description: 'Id of the dataset the colony belongs to',
  unit: null,
  cell: (row) => row.colony.datasetId,
};

export const DATASET_VERSION_COLUMN: ProvenanceColumn = {
  header: 'dataset_version',
  description: 'Version number of that dataset',
  unit: null,
  cell: (row) => row.colony.datasetVersion,
};

export const CITATION_KEY_COLUMN: ProvenanceColumn = {
  header: 'citation_key',
  description:
    'Key of the dataset version (coral-dataset-<id>-v<n>); CITATION.cff and README.txt give its citation',
  unit: null,
  cell: (row) => row.colony.citationKey,
};

export const LICENCE_COLUMN: ProvenanceColumn = {
  header: 'licence',
  description: 'SPDX id of the licence of the dataset version, or "not stated"',
  unit: null,
  cell: (row) => licenceCell(row.dataset),
};

/** `<kind>_method`: how the row's value of that kind was computed; empty when it has none. */
export function edMethodColumn(kind: ThresholdKind): ProvenanceColumn {
  const { edLabel } = THRESHOLD_KIND_INFO[kind];
  return {
    header: `${kind}_method`,
    description: `How the ${edLabel} value was computed (docs/decisions/0032-ed-provenance.md): "As submitted" (by the data provider; model and software not recorded) or "Refit by the platform: <model> <joint fit|fit per colony>, <ED engine and version>". Empty: no value`,
    unit: null,
    cell: (row) => {
      const entry = row.entries[kind];
      return entry ? describeEdProvenance(entry.provenance) : undefined;
    },
  };
}
