import { col, type ColumnSpec } from '../column-spec';

/** Columns of the raw CBASS long format, in CBASSED50's spelling (any order in a file). */
export const CBASS_COLUMNS = [
  'Project',
  'Date',
  'Country',
  'Latitude',
  'Longitude',
  'Site',
  'Condition',
  'Species',
  'Genotype',
  'Temperature',
  'Timepoint',
  'Pam_value',
] as const;
export type CbassColumn = (typeof CBASS_COLUMNS)[number];

/** A column of the raw CBASS format. */
export interface RawCbassColumn extends ColumnSpec {
  /** Read by the ED computation (CBASSED50's drm fit); the others are only checked for. */
  computation: boolean;
  /** A label (grouping value or identifier), not a measurement or a date. */
  label: boolean;
}

const COLUMN_INFO = {
  Project: { id: 'project', computation: false, synonyms: ['project name'] },
  Date: { id: 'date', computation: false, synonyms: ['assay date', 'experiment date'] },
  Country: { id: 'country', computation: false, synonyms: ['country code'] },
  Latitude: { id: 'latitude', computation: false, synonyms: ['lat'] },
  Longitude: { id: 'longitude', computation: false, synonyms: ['lon', 'long', 'lng'] },
  Site: { id: 'site', computation: true, synonyms: ['site name'] },
  Condition: { id: 'condition', computation: true, synonyms: [] },
  Species: { id: 'species', computation: true, synonyms: [] },
  Genotype: { id: 'genotype', computation: true, synonyms: ['geno', 'genet'] },
  Temperature: { id: 'temperature', computation: true, synonyms: ['temp'] },
  Timepoint: { id: 'timepoint', computation: true, synonyms: ['time point'] },
  Pam_value: {
    id: 'pamValue',
    computation: true,
    synonyms: ['pam', 'fv/fm', 'fvfm', 'pam value'],
  },
} as const satisfies Record<CbassColumn, { id: string; computation: boolean; synonyms: string[] }>;

/** Columns holding measurements: read as numbers, never as labels. */
const MEASUREMENTS: ReadonlySet<CbassColumn> = new Set(['Temperature', 'Pam_value']);

/**
 * THE raw CBASS long format (CBASSED50's input; ed50-algorithm §2), shared by the ED calculator
 * and the upload: CBASSED50's twelve columns in its spelling and order (CBASS_COLUMNS
 * above), with the synonyms the upload accepts, plus an optional MMM (the upload's).
 * The upload requires all twelve; the calculator needs only the computation columns.
 */
export const RAW_CBASS_COLUMNS: readonly RawCbassColumn[] = [
  ...CBASS_COLUMNS.map((name) => {
    const info = COLUMN_INFO[name];
    return {
      ...col(info.id, name, true, ...info.synonyms),
      computation: info.computation,
      label: !MEASUREMENTS.has(name),
    };
  }),
  { ...col('mmm', 'MMM', false, 'sst_clim_mmm', 'mmm sst'), computation: false, label: false },
];

/** The raw column with this canonical name. */
export const rawCbassColumn = (name: string): RawCbassColumn | undefined =>
  RAW_CBASS_COLUMNS.find((column) => column.name === name);
