import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/schema';
import { UPLOAD_IMPORT_JOB } from '../../jobs/job-definitions';
import type { JobQueue } from '../../jobs/job-queue';
import { queueTaxonMatching } from '../taxa/match-taxa.job';
import {
  processUpload,
  type AttemptInfo,
  reconcileUploads,
  type ProcessHooks,
} from './upload-processor';

/**
 * The upload import job (jobs/job-definitions.ts): queued with the upload's record, run by the
 * upload worker below (main.ts starts it) or by the CLI's `import` (runUploadNow).
 */

/**
 * Queues the import of an upload inside the caller's transaction: both commit or neither.
 * Call `jobs.start()` before opening the transaction (the embedded database has one connection).
 */
export async function queueUploadImport(jobs: JobQueue, trx: AppDb, uploadId: number) {
  const id = await jobs.send(UPLOAD_IMPORT_JOB, trx, { uploadId });
  if (id === null) throw new Error(`The import job of upload ${uploadId} was not queued`);
  return id;
}

export interface UploadWorkerOptions {
  db: AppDb;
  config: AppConfig;
  queue: JobQueue;
  /**
   * The embedded database belongs to this process alone, so a job left `active` at start was
   * running in a process that died: it is failed at once (and so retried) instead of waiting for
   * its expiry. Never on PostgreSQL, where other workers may be running it.
   */
  recoverOrphanedJobs: boolean;
  log?: (message: string) => void;
  /** Tests only: simulate failures inside the import. */
  hooks?: ProcessHooks;
}

export interface UploadWorker {
  stop(): Promise<void>;
}

/** How often uploads whose job is gone are looked for. */
const RECONCILE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The upload worker: takes import jobs from the queue one at a time and processes them
 * (upload-processor.ts). Runs in the server process (ROLE=all) or in worker
 * processes (ROLE=worker, several on one PostgreSQL).
 */
export async function startUploadWorker(options: UploadWorkerOptions): Promise<UploadWorker> {
  const { db, config, queue } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  await queue.start();
  if (options.recoverOrphanedJobs) await failOrphanedJobs(queue, log);
  // Jobs whose worker died (lease expired) are retried now, or end failed after the retry limit;
  // the uploads of jobs that ended failed (in this start or before) are marked failed.
  await expireDeadJobs(db, config, queue, log);
  await failUploadsWithoutJob(db, config, log);

  const worker = queue.work(
    UPLOAD_IMPORT_JOB,
    {
      pollSeconds: config.uploads.workerPollSeconds,
      log,
      // A job that ended failed without its upload being told (the last attempt lost the
      // database, or its process died) must not leave the upload "processing".
      onSettled: async (_job, settlement) => {
        if (settlement === 'failed') await failUploadsWithoutJob(db, config, log);
      },
    },
    async (job) => {
      const attempt = attemptOf(job);
      const outcome = await processUpload(
        { db, config },
        job.data.uploadId,
        attempt,
        options.hooks,
      ).catch((error: unknown) => {
        // The queue records the failure and retries: say which job failed, and why.
        log(
          `upload ${job.data.uploadId} (job ${job.id}, attempt ${attempt.attempt} of ${job.retryLimit + 1}) failed: ${String(error)}`,
        );
        throw error;
      });
      log(`upload ${outcome.uploadId}: ${outcome.status} — ${outcome.message}`);
      // Its species names are matched against WoRMS by their own job: the upload never waits.
      await queueTaxonMatching(queue, db).catch((error: unknown) =>
        log(`upload ${outcome.uploadId}: species names not queued for matching: ${String(error)}`),
      );
    },
  );
  const timer = setInterval(() => {
    void (async () => {
      await expireDeadJobs(db, config, queue, log);
      await reconcileUploads(db, config).catch((error: unknown) =>
        log(`upload reconcile failed: ${String(error)}`),
      );
    })();
  }, RECONCILE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await worker.stop();
    },
  };
}

/**
 * Retries the upload jobs whose worker died (lease expired: pg-boss's maintenance does the same
 * every minute) and fails the uploads of those that had no retry left. Never throws.
 */
async function expireDeadJobs(
  db: AppDb,
  config: AppConfig,
  queue: JobQueue,
  log: (message: string) => void,
): Promise<void> {
  try {
    const failed = await queue.expireDeadJobs(UPLOAD_IMPORT_JOB);
    if (failed.length > 0) {
      log(
        `${failed.length} upload job(s) whose worker stopped in every attempt ended failed: ${failed.map((job) => job.id).join(', ')}`,
      );
      await failUploadsWithoutJob(db, config, log);
    }
  } catch (error) {
    log(`looking for dead upload jobs failed: ${String(error)}`);
  }
}

/**
 * Marks failed (with the reason "its processing stopped and was not resumed") the uploads still
 * queued or processing whose job has ended. Right after a job ended failed there is nothing to
 * wait for, so the reconciliation runs without its grace period: an upload and its job are
 * created in one transaction, so an upload without an unfinished job can never progress.
 */
async function failUploadsWithoutJob(
  db: AppDb,
  config: AppConfig,
  log: (message: string) => void,
): Promise<void> {
  const now = { ...config, uploads: { ...config.uploads, jobTimeoutSeconds: 0 } };
  try {
    const failed = await reconcileUploads(db, now);
    if (failed > 0) log(`${failed} upload(s) whose job ended failed were marked failed.`);
  } catch (error) {
    log(`upload reconcile failed: ${String(error)}`);
  }
}

/** Which attempt a run of a job is (pg-boss counts the retries from 0). */
function attemptOf(job: { retryCount: number; retryLimit: number }): AttemptInfo {
  return { attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit };
}

export interface RunUploadNowOptions {
  db: AppDb;
  config: AppConfig;
  queue: JobQueue;
  /**
   * This process alone has the database (embedded): jobs left active were running in a process
   * that died, and are failed (so retried) at once, as a starting worker does.
   */
  ownsDatabase: boolean;
  log: (message: string) => void;
  /** Called once when a worker elsewhere has the upload's job and this process waits for it. */
  onWait?: () => void;
  /** How often the wait looks again (ms). */
  pollMs?: number;
}

/**
 * Sees one upload through in this process (the CLI's `import`): takes the upload's job off the
 * queue and runs it as a worker would (same attempt counting; the job ends completed, or failed
 * and retried by a worker later, like any other), or, while a worker elsewhere has it, waits for
 * that worker. Returns when the upload has no job waiting or running any more; `error` is what
 * made an attempt run here fail unexpectedly.
 */
export async function runUploadNow(
  options: RunUploadNowOptions,
  uploadId: number,
): Promise<{ error?: Error }> {
  const { db, config, queue } = options;
  await queue.start();
  if (options.ownsDatabase) await failOrphanedJobs(queue, options.log);
  let waiting = false;
  for (;;) {
    const job = await queue.claimJob(UPLOAD_IMPORT_JOB, { uploadId });
    if (job) {
      try {
        await processUpload({ db, config }, uploadId, attemptOf(job));
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        await queue.boss.fail(UPLOAD_IMPORT_JOB.queue, job.id, { message: failure.message });
        return { error: failure };
      }
      await queue.boss.complete(UPLOAD_IMPORT_JOB.queue, job.id);
      return {};
    }
    if (!(await queue.hasUnfinishedJob(UPLOAD_IMPORT_JOB, { uploadId }))) return {};
    if (!waiting) options.onWait?.();
    waiting = true;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
  }
}

async function failOrphanedJobs(queue: JobQueue, log: (message: string) => void): Promise<void> {
  const failed = await queue.failActiveJobs(UPLOAD_IMPORT_JOB);
  if (failed > 0) log(`${failed} upload job(s) interrupted by a previous stop will be retried.`);
}
