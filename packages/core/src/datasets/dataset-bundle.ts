import type { EdProvenance } from '../thresholds/ed-provenance';
import {
  perThresholdKind,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
  type ThresholdListKey,
} from '../thresholds/threshold-kinds';

/**
 * A dataset ready to be stored: what the seed file and every accepted upload are turned into
 * before the server writes it in one transaction. Records point at each other by `key` (unique
 * within its kind in one bundle); `id` is set only when the source's ids must be kept (the seed),
 * or, with `existing`, when the record is already stored (an upload adding to its owner's rows).
 */
export interface DatasetBundle {
  projects: BundleProject[];
  publications: BundlePublication[];
  experiments: BundleExperiment[];
  colonies: BundleColony[];
  biosamples: BundleBiosample[];
  observations: BundleObservation[];
  thresholds: Record<ThresholdKind, BundleThreshold[]>;
}

interface Keyed {
  key: string;
  id?: number;
  /** Already stored under `id`: other records may refer to it; it is not inserted again. */
  existing?: boolean;
}

export interface BundleProject extends Keyed {
  name: string;
  description: string;
  /** ISO date; today when absent. */
  registrationDate?: string;
  ownerUsername: string | null;
}

export interface BundlePublication extends Keyed {
  title: string;
  year: number | null;
  doi: string | null;
  projectKeys: string[];
}

export interface BundleExperiment extends Keyed {
  projectKey: string;
  name: string;
  date: string | null;
}

export interface BundleColony extends Keyed {
  name: string;
  species: string;
  /** ISO 3166-1 alpha-3. */
  country: string;
  latitude: number;
  longitude: number;
  ownerUsername: string | null;
}

export interface BundleBiosample extends Keyed {
  colonyKey: string;
  projectKey: string;
  name: string;
  collectionDate: string | null;
}

export interface BundleObservation extends Keyed {
  experimentKey: string;
  biosampleKey: string;
  condition: string | null;
  temperature: number | null;
  timepoint: string | null;
  pamValue: number | null;
}

export interface BundleThreshold extends Keyed {
  colonyKey: string;
  condition: string | null;
  timepoint: string | null;
  abs: number | null;
  rel: number | null;
  mmm: number | null;
  observationKeys: string[];
  /** How the value was computed (decision 0032); absent: as submitted (the seed's values). */
  provenance?: EdProvenance;
}

export function emptyBundle(): DatasetBundle {
  return {
    projects: [],
    publications: [],
    experiments: [],
    colonies: [],
    biosamples: [],
    observations: [],
    thresholds: perThresholdKind(() => []),
  };
}

/** Records created by an import, per table; thresholds per kind under their list keys. */
export type DatasetCounts = {
  projects: number;
  publications: number;
  experiments: number;
  colonies: number;
  biosamples: number;
  observations: number;
} & Record<ThresholdListKey, number>;

/** Thresholds of every kind together, from counts kept per kind (by list key). */
export function thresholdTotal(counts: Readonly<Record<ThresholdListKey, number>>): number {
  return THRESHOLD_KINDS.reduce((sum, kind) => sum + counts[THRESHOLD_KIND_INFO[kind].listKey], 0);
}
