import type { UploadFormat } from '@coral/core';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type {
  DatasetEventAction,
  DatasetVersionState,
  EdProvenance,
  EdProvenanceMethod,
  TaxonStatus,
  ThresholdObservationLinkTable,
  ThresholdTableName,
  UserRole,
} from '@coral/core';

/**
 * Kysely's view of the tables created by ./migrations. Dates are ISO strings (the DATE type
 * parser is disabled in ./database.ts so that a collection date never shifts by a time zone).
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type IsoDate = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** null: the account exists (e.g. a seed project owner) but cannot log in yet. */
  password_hash: string | null;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  role: Generated<UserRole>;
  /** Linked ORCID iD (0000-0002-1825-0097), unique. */
  orcid: string | null;
  /** The name the linked iD's ORCID record gives (migration 0014); null without one. */
  orcid_name: Generated<string | null>;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  registration_date: ColumnType<string, string | undefined, string>;
  owner_id: number | null;
  upload_id: number | null;
}

export interface PublicationsTable {
  id: Generated<number>;
  title: string;
  year: number | null;
  doi: string | null;
}

export interface ProjectPublicationsTable {
  project_id: number;
  publication_id: number;
  /** The dataset version the row belongs to (docs/decisions/0012-datasets.md). */
  dataset_version_id: number | null;
}

export interface ExperimentsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  date: IsoDate | null;
  /** The dataset version the row belongs to (docs/decisions/0012-datasets.md). */
  dataset_version_id: number | null;
}

export interface ColoniesTable {
  id: Generated<number>;
  name: string;
  species: string;
  country: string;
  latitude: number;
  longitude: number;
  owner_id: number | null;
  upload_id: number | null;
  /** The dataset version the row belongs to (docs/decisions/0012-datasets.md). */
  dataset_version_id: number | null;
}

export interface BiosamplesTable {
  id: Generated<number>;
  colony_id: number;
  project_id: number;
  name: string;
  collection_date: IsoDate | null;
  /** The dataset version the row belongs to (docs/decisions/0012-datasets.md). */
  dataset_version_id: number | null;
}

export interface ObservationsTable {
  id: Generated<number>;
  experiment_id: number;
  biosample_id: number;
  condition: string | null;
  temperature: number | null;
  timepoint: string | null;
  pam_value: number | null;
  /** The dataset version the row belongs to (docs/decisions/0012-datasets.md). */
  dataset_version_id: number | null;
}

export interface ThresholdTable {
  id: Generated<number>;
  colony_id: number;
  condition: string | null;
  timepoint: string | null;
  abs_value: number | null;
  rel_value: number | null;
  sst_clim_mmm: number | null;
  quality_flags: ColumnType<string[], string[] | undefined, string[]>;
  /** The dataset version the row belongs to (docs/decisions/0012-datasets.md). */
  dataset_version_id: number | null;
  /** Fit-level provenance (decision 0032): 'refit' or 'submitted'; the rest null when submitted. */
  ed_method: ColumnType<EdProvenanceMethod, EdProvenanceMethod | undefined, EdProvenanceMethod>;
  ed_model: EdProvenance['model'];
  ed_fit: EdProvenance['fit'];
  ed_software: string | null;
}

export interface ThresholdObservationsTable {
  threshold_id: number;
  observation_id: number;
}

export interface DatasetsTable {
  id: Generated<number>;
  project_id: number;
  owner_id: number | null;
  doi: string | null;
  created_at: Timestamp;
  withdrawn_at: Timestamp | null;
  withdrawn_by: number | null;
  withdrawal_reason: string | null;
  /** The latest published version while the dataset is not withdrawn: what readers see. */
  public_version_id: number | null;
}

export interface DatasetVersionsTable {
  id: Generated<number>;
  dataset_id: number;
  number: number;
  state: DatasetVersionState;
  upload_id: number | null;
  /** ZDatasetMetadata (validated by the service on the way in and out). */
  metadata: ColumnType<unknown, string, string>;
  doi: string | null;
  change_summary: ColumnType<unknown, string | null, string | null>;
  review_message: string | null;
  created_at: Timestamp;
  submitted_at: Timestamp | null;
  published_at: Timestamp | null;
  /** The latest metadata revision's number, 0 for the description as published (decision 0064). */
  metadata_revision: Generated<number>;
  metadata_revised_at: Timestamp | null;
  /** The owner's latest in-place edit of the description (decision 0070); null before any. */
  metadata_edited_at: Timestamp | null;
}

/** A curator's revision of a published version's description (decision 0064), never changed. */
export interface DatasetMetadataRevisionsTable {
  id: Generated<number>;
  dataset_version_id: number;
  number: number;
  previous_metadata: ColumnType<unknown, string, never>;
  metadata: ColumnType<unknown, string, never>;
  changes: ColumnType<unknown, string, never>;
  note: string;
  licence_source: string | null;
  actor_id: number | null;
  created_at: ColumnType<Date, never, never>;
}

export interface DatasetEventsTable {
  id: Generated<number>;
  dataset_id: number;
  version_number: number | null;
  actor_id: number | null;
  action: DatasetEventAction;
  message: string | null;
  changes: ColumnType<unknown, string | null, string | null>;
  /** The metadata revision an entry records (decision 0064). */
  revision: Generated<number | null>;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the session token: the token itself is only ever in the cookie. */
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface CartGroupsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  filter_params: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartGroupColoniesTable {
  group_id: number;
  colony_id: number;
}

export type UploadStatus = 'queued' | 'processing' | 'done' | 'failed' | 'discarded';

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  status: UploadStatus;
  main_file_name: string;
  main_file_path: string;
  main_file_sha256: string;
  main_file_bytes: number;
  ed_file_name: string | null;
  ed_file_path: string | null;
  ed_file_sha256: string | null;
  ed_file_bytes: number | null;
  attempts: Generated<number>;
  counts: ColumnType<unknown, string | undefined, string>;
  quality_flags: ColumnType<unknown, string | undefined, string>;
  errors: ColumnType<unknown, string | undefined, string>;
  message: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Migration 0003: the recognised format, warnings and header mapping of the main file. */
  format: UploadFormat | null;
  warnings: ColumnType<unknown, string | undefined, string>;
  column_mapping: ColumnType<unknown, string | undefined, string>;
  /** Projects the upload created or added rows to. */
  project_ids: ColumnType<number[], number[] | undefined, number[]>;
  /** What the uploader asked for: a new dataset or a version of one, with metadata (JSON). */
  dataset_request: ColumnType<unknown, string | null | undefined, string | null>;
  /** The dataset version the upload became once imported. */
  dataset_version_id: number | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_started_at: Timestamp;
}

/** Failed logins of one username from one address (migration 0007). */
export interface LoginBackoffsTable {
  username: string;
  address: string;
  failures: number;
  last_failure_at: Timestamp;
  /** The earliest time the next attempt of this pair is checked. */
  retry_at: Timestamp;
}

/** ORCID iDs an administrator approved for an account (migration 0008, decision 0029). */
export interface OrcidApprovalsTable {
  orcid: string;
  approved_at: Timestamp;
}

/** Keys generated on first use when not configured (e.g. the CSRF key without SESSION_SECRET). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface DatasetStateTable {
  id: Generated<boolean>;
  version: Generated<number>;
  updated_at: Timestamp;
  seeded_at: Timestamp | null;
  /** Counts metadata revisions, which change no data (decision 0070). */
  metadata_stamp: Generated<number>;
}

export interface PublishedSnapshotsTable {
  name: string;
  dataset_version: number;
  /** gzip-compressed JSON; empty for a snapshot stored in parts (published_snapshot_parts). */
  content: Buffer;
  created_at: Timestamp;
  /** Migration 0004: the format the content was built in ('' before). */
  format_version: ColumnType<string, string | undefined, string>;
}

/** Migration 0011: a snapshot stored in separately deflated parts (the colonies feed). */
export interface PublishedSnapshotPartsTable {
  name: string;
  part: number;
  built_version: number;
  /** Length and CRC-32 (signed 32-bit) of the part's uncompressed bytes. */
  raw_length: number;
  crc32: number;
  /** Raw deflate ending in a sync flush (lib/gzip-segments.ts). */
  content: Buffer;
}

/** Migration 0006: a frozen map view or cart group (decision 0015, docs/downloads.md). */
export interface CitableSnapshotsTable {
  id: string;
  created_at: Timestamp;
  created_by: number | null;
  source: 'map' | 'cart-group';
  description: string;
  query: ColumnType<unknown, string, string>;
  data_version: number;
  hide_flagged: boolean;
  colony_ids: ColumnType<number[], number[], number[]>;
  /** The dataset versions with the citation facts they had when frozen (JSON). */
  datasets: ColumnType<unknown, string, string>;
  /** The platform version whose writers made the files (they name it). */
  software_version: string;
  content_hash: string;
}

/** One table per threshold kind and one link table to its observations (the registry's names). */
type ThresholdTables = { [Table in ThresholdTableName]: ThresholdTable } & {
  [Table in ThresholdObservationLinkTable]: ThresholdObservationsTable;
};

/** A species name as written in the data and WoRMS' answer for it (migration 0013, decision 0049). */
export interface TaxonNamesTable {
  name: string;
  status: Generated<TaxonStatus>;
  source: 'worms' | 'local' | null;
  match_type: string | null;
  aphia_id: number | null;
  lsid: string | null;
  matched_name: string | null;
  authority: string | null;
  worms_status: string | null;
  rank: string | null;
  accepted_aphia_id: number | null;
  accepted_name: string | null;
  kingdom: string | null;
  phylum: string | null;
  class: string | null;
  order: string | null;
  family: string | null;
  genus: string | null;
  /** null: not yet checked. */
  checked_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
}

/** One taxon of a WoRMS Darwin Core export loaded by `taxa:import` (migration 0013). */
export interface LocalTaxaTable {
  /** The AphiaID. */
  taxon_id: number;
  scientific_name: string;
  /** The normalised name (core's normaliseTaxonName) names are looked up by. */
  name_key: string;
  authority: string | null;
  scientific_name_id: string | null;
  accepted_taxon_id: number | null;
  accepted_name: string | null;
  taxonomic_status: string | null;
  rank: string | null;
  kingdom: string | null;
  phylum: string | null;
  class: string | null;
  order: string | null;
  family: string | null;
  genus: string | null;
}

export interface Database extends ThresholdTables {
  users: UsersTable;
  projects: ProjectsTable;
  datasets: DatasetsTable;
  /** View: the version readers see of each dataset (migration 0005). */
  public_dataset_versions: { id: number };
  dataset_versions: DatasetVersionsTable;
  dataset_events: DatasetEventsTable;
  dataset_metadata_revisions: DatasetMetadataRevisionsTable;
  publications: PublicationsTable;
  project_publications: ProjectPublicationsTable;
  experiments: ExperimentsTable;
  colonies: ColoniesTable;
  biosamples: BiosamplesTable;
  observations: ObservationsTable;
  sessions: SessionsTable;
  cart_groups: CartGroupsTable;
  cart_group_colonies: CartGroupColoniesTable;
  uploads: UploadsTable;
  rate_limits: RateLimitsTable;
  login_backoffs: LoginBackoffsTable;
  orcid_approvals: OrcidApprovalsTable;
  server_secrets: ServerSecretsTable;
  dataset_state: DatasetStateTable;
  published_snapshots: PublishedSnapshotsTable;
  published_snapshot_parts: PublishedSnapshotPartsTable;
  citable_snapshots: CitableSnapshotsTable;
  taxon_names: TaxonNamesTable;
  local_taxa: LocalTaxaTable;
}

/** The database as the server's code sees it: a Kysely instance (or transaction) on these tables. */
export type AppDb = Kysely<Database>;
