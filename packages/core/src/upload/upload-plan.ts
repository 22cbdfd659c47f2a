import type { EdProvenance } from '../thresholds/ed-provenance';
import type { ThresholdKind } from '../thresholds/threshold-kinds';
import type { ColumnMatch } from '../tabular/column-spec';
import type { UploadNotice } from './problems';
import type { UploadQualityFlag } from './quality-flags';

/**
 * A validated upload, before the database is consulted: what the files say, normalised and
 * linked by key. The server turns it into a DatasetBundle (build-bundle.ts) once it knows which
 * rows already exist for the uploader and where MMM values come from. `Format` is the layout's
 * id (the registry's `UploadFormat`, which lies above the plan: prepare-upload.ts gives it).
 */
export interface UploadPlan<Format extends string = string> {
  format: Format;
  /** Data rows read from the main file. */
  rowCount: number;
  columnMapping: ColumnMatch[];
  edColumnMapping: ColumnMatch[];
  /** Header cells of the main file that were not used. */
  ignoredColumns: string[];
  projects: PlanProject[];
  publications: PlanPublication[];
  experiments: PlanExperiment[];
  colonies: PlanColony[];
  biosamples: PlanBiosample[];
  observations: PlanObservation[];
  /** One per colony × condition × timepoint with ED values. */
  curves: PlanCurve[];
  warnings: UploadNotice[];
  flags: UploadQualityFlag[];
}

export interface PlanProject {
  key: string;
  name: string;
}

export interface PlanPublication {
  key: string;
  title: string;
  year: number | null;
  doi: string | null;
  projectKeys: string[];
}

export interface PlanExperiment {
  key: string;
  projectKey: string;
  name: string;
  date: string | null;
}

export interface PlanColony {
  key: string;
  name: string;
  species: string;
  /** ISO 3166 alpha-3. */
  country: string;
  latitude: number;
  longitude: number;
  /** MMM given in the file for this colony, °C. */
  mmm: number | null;
  /** First row of the main file naming the colony. */
  row: number;
  /** The refit's grouping site: Site (raw) or the first Experiment.name (standard). */
  site: string | null;
  /** Raw format: the genotype label ("01" read as "1"); null for the standard schema. */
  genotype: string | null;
}

export interface PlanBiosample {
  key: string;
  projectKey: string;
  colonyKey: string;
  name: string;
  collectionDate: string | null;
  /**
   * Stands for a colony that has ED values but no measurements in a project (ED-only rows): it
   * makes the colony a member of the project, which the platform reads through biosamples.
   */
  placeholder: boolean;
  row: number;
}

export interface PlanObservation {
  key: string;
  row: number;
  experimentKey: string;
  biosampleKey: string;
  colonyKey: string;
  condition: string | null;
  temperature: number;
  timepoint: string | null;
  pamValue: number | null;
  /** The refit's grouping site: Site (raw) or Experiment.name (standard). */
  site: string;
  /** curveKeyOf(colonyKey, condition, timepoint), computed once. */
  curveKey: string;
}

/** One value per threshold kind (°C), null when the file gives none: `{ ed5, ed50, ed95 }`. */
export type ValuesByKind = Record<ThresholdKind, number | null>;

/** A colony's thresholds for one condition × timepoint: its value of each kind, and where from. */
export interface PlanCurve extends ValuesByKind {
  key: string;
  colonyKey: string;
  condition: string | null;
  timepoint: string | null;
  /** Where the ED50 was read: a main-file row (inline ED50) or an ED-file row. */
  source: { file: 'main' | 'ed50'; row: number };
  observationKeys: string[];
  /** Kinds whose value the upload's refit reproduces (set by the quality checks); else submitted. */
  provenance?: Partial<Record<ThresholdKind, EdProvenance>>;
}

/**
 * A map key made of parts: joined with the unit separator (U+001F), which cleaned labels never
 * contain (cleanLabel turns control characters into spaces); null is U+0000 (never in text).
 * Much cheaper than JSON.stringify on files of 100,000 rows.
 */
export const planKey = (...parts: readonly (string | number | null)[]) => {
  let key = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    key +=
      (i === 0 ? '' : '\u001f') + (part === null || part === undefined ? '\u0000' : String(part));
  }
  return key;
};

/** The curve (colony × condition × timepoint) key of a colony's thresholds. */
export const curveKeyOf = (colonyKey: string, condition: string | null, timepoint: string | null) =>
  planKey('curve', colonyKey, condition, timepoint);
