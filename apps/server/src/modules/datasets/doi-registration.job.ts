import type { AppDb } from '../../db/schema';
import { DATASET_DOI_JOB } from '../../jobs/job-definitions';
import type { JobQueue, JobWorker } from '../../jobs/job-queue';
import type { DoiRegistrationService } from './dataset-doi.service';

/**
 * Queues the DOI registration of a published version inside the caller's transaction (a
 * publication rolled back registers nothing). Once per version. Call `jobs.start()` before
 * opening the transaction.
 */
export async function queueDoiRegistration(
  jobs: JobQueue,
  trx: AppDb,
  datasetId: number,
  version: number,
): Promise<void> {
  await jobs.send(
    DATASET_DOI_JOB,
    trx,
    { datasetId, version },
    { singletonKey: `doi-${datasetId}-v${version}` },
  );
}

/**
 * Registers the DOIs of published versions at DataCite, one job at a time; started only with
 * DataCite settings. A failure (DataCite down, refused metadata) fails the job, which the queue
 * retries (jobs/job-definitions.ts).
 */
export async function startDoiRegistrationWorker(options: {
  queue: JobQueue;
  dois: DoiRegistrationService;
  log?: (message: string) => void;
}): Promise<JobWorker> {
  const { queue, dois } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  await queue.start();
  // The queue's own loop (not pg-boss's): a database restart must not end the process.
  return queue.work(DATASET_DOI_JOB, { pollSeconds: 2, log }, async (job) => {
    const { datasetId, version } = job.data;
    const outcome = await dois.register(datasetId, version);
    log(`DOI of dataset ${datasetId} version ${version}: ${outcome}.`);
  });
}
