import type { EdProvenance } from '../thresholds/ed-provenance';
import type { CitationFacts } from '../citation/citation-facts';
import type { CartExportThreshold } from '../csv/cart-export';
import type { TAssayProtocol } from '../datasets/dataset-metadata';
import type { FilterSet } from '../filters/filter-set';
import type { ThresholdKind } from '../thresholds/threshold-kinds';

/**
 * What every open download is made of (decision 0015; docs/downloads.md). The server reads these
 * from the database page by page; the writers in this folder turn them into CSV, GeoJSON and a
 * Darwin Core Archive. Nothing here knows where the rows came from, so the same writers serve a
 * map view, a project, a dataset version, a cart group and a frozen snapshot.
 */

/** One dataset version that contributes colonies to a download. */
export interface DownloadDataset {
  /** The dataset version's citation facts (the same the dataset page cites from). */
  facts: CitationFacts;
  /** The recommended citation text (APA), as the dataset page shows it. */
  citation: string;
  /** Stable key naming the version in every row: `coral-dataset-<id>-v<n>`. */
  citationKey: string;
  /** How the assays were run (the dataset's metadata); null for versions without one. */
  protocol: TAssayProtocol | null;
}

/** One CBASS assay (an experiment: one site on one date) of a colony's dataset version. */
export interface DownloadAssay {
  id: number;
  /** The experiment's name: in every real datasheet, the site. */
  name: string;
  /** ISO date (YYYY-MM-DD) or null when the sheet gives none. */
  date: string | null;
  projectName: string;
}

/**
 * One stored threshold of a colony (a value of one kind for one condition and timepoint), as the
 * cart export has it — its quality flags apply to the absolute and the relative value — with the
 * assay it was fitted from.
 */
export interface DownloadThreshold extends CartExportThreshold {
  /** The assay whose observations the value was fitted from; null when not linked. */
  assayId: number | null;
  /** How the value was computed (decision 0032). */
  provenance: EdProvenance;
}

/** One colony with everything every format says about it. */
export interface DownloadColony {
  id: number;
  name: string;
  species: string;
  /** ISO 3166-1 alpha-3. */
  country: string;
  latitude: number;
  longitude: number;
  /** `citationKey` of the dataset version the colony belongs to. */
  citationKey: string;
  datasetId: number;
  datasetVersion: number;
  projectNames: readonly string[];
  /** DOIs of the publications of the colony's projects and of its dataset version. */
  publicationDois: readonly string[];
  /** Distinct collection dates of the colony's biosamples, ascending (ISO dates). */
  collectionDates: readonly string[];
  /** The assays the colony took part in, by date then id. */
  assays: readonly DownloadAssay[];
  thresholds: Readonly<Record<ThresholdKind, readonly DownloadThreshold[]>>;
}

/** What was asked for: written as `query.json` and summarised in the citation. */
export interface DownloadQuery {
  /** What the download is of. */
  source:
    | { kind: 'map'; filters: FilterSet }
    | { kind: 'project'; projectId: number; projectName: string }
    | { kind: 'dataset-version'; datasetId: number; version: number }
    | { kind: 'cart-group'; groupName: string; filters: FilterSet }
    | { kind: 'snapshot'; snapshotId: string };
  /** Flagged values left out (the filter engine's "hide flagged values"). */
  hideFlagged: boolean;
}

/** The facts every file of a download carries next to its rows. */
export interface DownloadContext {
  query: DownloadQuery;
  /** The datasets involved, in the order their colonies first appear. */
  datasets: readonly DownloadDataset[];
  /** The platform's data version (the number of the last publication). */
  dataVersion: number;
  /** When the download (or the snapshot it belongs to) was made: ISO date-time. */
  createdAt: string;
  /** The platform's public URL (no trailing slash): base of stable identifiers. */
  publicUrl: string;
  /** The platform's name (the citation's publisher). */
  platform: string;
  /** The software version that wrote the files (`package.json` version). */
  softwareVersion: string;
  /** The snapshot's own citation facts when the download is a citable snapshot. */
  snapshot: { id: string; contentHash: string; citation: string } | null;
}
