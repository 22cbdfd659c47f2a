import type { AppDb } from '../../db/schema';
import { DATASET_EMBARGO_JOB } from '../../jobs/job-definitions';
import type { JobQueue } from '../../jobs/job-queue';
import type { DatasetsService } from './datasets.service';

/** How often embargoes are looked at besides their own jobs (a missed job, a clock change). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Schedules the release of a dataset's embargo for the morning of `date` (ISO, 00:00 UTC), inside
 * the caller's transaction (an approval rolled back schedules nothing). Once per dataset and date.
 */
export async function scheduleEmbargoRelease(
  jobs: JobQueue,
  trx: AppDb,
  datasetId: number,
  date: string,
): Promise<void> {
  await jobs.send(
    DATASET_EMBARGO_JOB,
    trx,
    { datasetId },
    { startAfter: new Date(`${date}T00:00:00Z`), singletonKey: `embargo-${datasetId}-${date}` },
  );
}

export interface EmbargoReleaseWorker {
  stop(): Promise<void>;
}

/**
 * Publishes embargoed dataset versions when their date comes (docs/decisions/0012-datasets.md):
 * each approval schedules a job for the morning of its date; at start and every hour a sweep
 * releases whatever is due, so a job lost with a database restore still happens.
 */
export async function startEmbargoReleaseWorker(options: {
  queue: JobQueue;
  datasets: DatasetsService;
  log?: (message: string) => void;
}): Promise<EmbargoReleaseWorker> {
  const { queue, datasets } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  const release = async (why: string) => {
    const released = await datasets.releaseDueEmbargoes();
    if (released > 0) log(`${released} embargoed dataset version(s) published (${why}).`);
  };
  await queue.start();
  await release('start').catch((error: unknown) => log(`embargo sweep failed: ${String(error)}`));
  // The queue's own loop (not pg-boss's): a database restart must not end the process.
  const worker = queue.work(DATASET_EMBARGO_JOB, { pollSeconds: 2, log }, async () => {
    await release('scheduled job');
  });
  const timer = setInterval(() => {
    release('hourly sweep').catch((error: unknown) =>
      log(`embargo sweep failed: ${String(error)}`),
    );
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await worker.stop();
    },
  };
}
