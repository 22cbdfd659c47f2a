import type { DoiRegistrationService } from '../modules/datasets/dataset-doi.service';
import type { DatasetsService } from '../modules/datasets/datasets.service';
import {
  DATASET_DOI_QUEUE,
  DATASET_EMBARGO_QUEUE,
  type DoiJobData,
  type EmbargoJobData,
  type JobQueue,
} from './job-queue';

/** How often embargoes are looked at besides their own jobs (a missed job, a clock change). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface DatasetWorker {
  stop(): Promise<void>;
}

/**
 * Publishes embargoed dataset versions when their date comes (docs/decisions/0012-datasets.md):
 * each approval schedules a job for the morning of its date; at start and every hour a sweep
 * releases whatever is due, so a job lost with a database restore still happens.
 */
export async function startDatasetWorker(options: {
  queue: JobQueue;
  datasets: DatasetsService;
  /** Registers DOIs of published versions; absent without DataCite settings. */
  dois?: DoiRegistrationService;
  log?: (message: string) => void;
}): Promise<DatasetWorker> {
  const { queue, datasets, dois } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  const release = async (why: string) => {
    const released = await datasets.releaseDueEmbargoes();
    if (released > 0) log(`${released} embargoed dataset version(s) published (${why}).`);
  };
  await queue.start();
  await release('start').catch((error: unknown) => log(`embargo sweep failed: ${String(error)}`));
  // The queue's own loop (not pg-boss's): a database restart must not end the process.
  const workers = [
    queue.work<EmbargoJobData>(DATASET_EMBARGO_QUEUE, { pollSeconds: 2, log }, async () => {
      await release('scheduled job');
    }),
  ];
  if (dois) {
    // A failure (DataCite down, refused metadata) fails the job, which the queue retries.
    workers.push(
      queue.work<DoiJobData>(DATASET_DOI_QUEUE, { pollSeconds: 2, log }, async (job) => {
        const { datasetId, version } = job.data;
        const outcome = await dois.register(datasetId, version);
        log(`DOI of dataset ${datasetId} version ${version}: ${outcome}.`);
      }),
    );
  }
  const timer = setInterval(() => {
    release('hourly sweep').catch((error: unknown) =>
      log(`embargo sweep failed: ${String(error)}`),
    );
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
