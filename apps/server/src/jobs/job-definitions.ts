/**
 * Every background job of the server: its queue, the data a job carries and how its failures are
 * retried. Only definitions live here; a job's handler (the worker that runs it) and the
 * function that queues it live in the module whose work it does (`modules/<name>/*.job.ts`), and
 * main.ts starts the workers. jobs/ imports no module (architecture.test.ts, decision 0044).
 */

/** The retry settings of upload imports (configuration: UPLOAD_JOB_*). */
export interface UploadJobSettings {
  /** Attempts after the first when a job fails unexpectedly. */
  retryLimit: number;
  /** A job active for longer counts as dead (its worker was killed) and is retried. */
  expireInSeconds: number;
  /** Delay before the first retry (doubling after each further failure). */
  retryDelaySeconds?: number;
}

/** pg-boss's retry options of a queue and of each job sent to it. */
export interface RetryPolicy {
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelay: number;
  /** Whether the delay doubles after each further failure. */
  retryBackoff: boolean;
  /** A job active for longer counts as dead and is retried (pg-boss's default: 15 min). */
  expireInSeconds?: number;
}

/** One kind of background job. `Data` is what a job of it carries (JSON). */
export interface JobDefinition<Data extends object> {
  /** The pg-boss queue's name: permanent, since queued jobs in the database carry it. */
  readonly queue: string;
  readonly retry: (settings: UploadJobSettings) => RetryPolicy;
  /** Never set: ties the definition to its data's type. */
  readonly data?: Data;
}

/** The import of an upload (modules/uploads/upload-import.job.ts); one job per upload. */
export interface UploadJobData {
  uploadId: number;
}

export const UPLOAD_IMPORT_JOB: JobDefinition<UploadJobData> = {
  queue: 'upload-import',
  retry: (settings) => ({
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds ?? 10,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
  }),
};

/**
 * Releases a dataset's embargo on its date (decision 0012; modules/datasets/embargo-release.job.ts);
 * the job runs at 00:00 UTC.
 */
export interface EmbargoJobData {
  datasetId: number;
}

export const DATASET_EMBARGO_JOB: JobDefinition<EmbargoJobData> = {
  queue: 'dataset-embargo-release',
  retry: () => ({ retryLimit: 10, retryDelay: 60, retryBackoff: true }),
};

/**
 * Registers the DOI of a published dataset version at DataCite, only with DataCite settings
 * (modules/datasets/doi-registration.job.ts).
 */
export interface DoiJobData {
  datasetId: number;
  version: number;
}

export const DATASET_DOI_JOB: JobDefinition<DoiJobData> = {
  queue: 'dataset-doi-registration',
  // DataCite may be down for a while: retried with back-off over about a day.
  retry: () => ({ retryLimit: 12, retryDelay: 60, retryBackoff: true }),
};

/**
 * Matches the species names not yet checked against WoRMS (modules/taxa/match-taxa.job.ts;
 * docs/decisions/0049-taxon-matching.md). Queued after every import; no data: a job checks every
 * name still unchecked.
 */
export type TaxonMatchJobData = Record<string, never>;

export const TAXON_MATCH_JOB: JobDefinition<TaxonMatchJobData> = {
  queue: 'taxon-match',
  // WoRMS may be unreachable for a while (or the server offline): retried with back-off for
  // about a day; the worker's hourly sweep takes over after that.
  retry: () => ({ retryLimit: 10, retryDelay: 60, retryBackoff: true }),
};

/** Every job: the queue creates their queues when it starts. */
export const JOBS: readonly JobDefinition<object>[] = [
  UPLOAD_IMPORT_JOB,
  DATASET_EMBARGO_JOB,
  DATASET_DOI_JOB,
  TAXON_MATCH_JOB,
];
