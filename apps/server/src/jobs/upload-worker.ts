import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { AppDb } from '../db/database';
import { processUpload, type ProcessHooks } from '../modules/uploads/upload-processor';
import { UPLOAD_IMPORT_QUEUE, type JobQueue, type UploadJobData } from './job-queue';

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
 * (modules/uploads/upload-processor.ts). Runs in the server process (ROLE=all) or in worker
 * processes (ROLE=worker, several on one PostgreSQL).
 */
export async function startUploadWorker(options: UploadWorkerOptions): Promise<UploadWorker> {
  const { db, config, queue } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  await queue.start();
  if (options.recoverOrphanedJobs) await failOrphanedJobs(queue, log);
  await reconcileUploads(db, config).catch((error: unknown) =>
    log(`upload reconcile failed: ${String(error)}`),
  );

  const workerId = await queue.boss.work<UploadJobData>(
    UPLOAD_IMPORT_QUEUE,
    {
      includeMetadata: true,
      batchSize: 1,
      pollingIntervalSeconds: config.uploads.workerPollSeconds,
    },
    async ([job]) => {
      if (!job) return;
      const attempt = {
        attempt: job.retryCount + 1,
        lastAttempt: job.retryCount >= job.retryLimit,
      };
      const outcome = await processUpload(
        { db, config },
        job.data.uploadId,
        attempt,
        options.hooks,
      );
      log(`upload ${outcome.uploadId}: ${outcome.status} — ${outcome.message}`);
    },
  );
  queue.addLocalWorker(workerId);
  const timer = setInterval(() => {
    reconcileUploads(db, config).catch((error: unknown) =>
      log(`upload reconcile failed: ${String(error)}`),
    );
  }, RECONCILE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await queue.boss.offWork(UPLOAD_IMPORT_QUEUE);
    },
  };
}

async function failOrphanedJobs(queue: JobQueue, log: (message: string) => void): Promise<void> {
  const rows = await queue.boss
    .getDb()
    .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [
      UPLOAD_IMPORT_QUEUE,
    ]);
  const ids = (rows.rows as { id: string }[]).map((row) => row.id);
  if (ids.length === 0) return;
  await queue.boss.fail(UPLOAD_IMPORT_QUEUE, ids);
  log(`${ids.length} upload job(s) interrupted by a previous stop will be retried.`);
}

/**
 * An upload still `queued` or `processing` long after its job has finished or vanished (every
 * attempt killed, or a CLI import killed) is marked failed, so its owner is never left waiting.
 */
export async function reconcileUploads(db: AppDb, config: AppConfig): Promise<number> {
  const graceSeconds = config.uploads.jobTimeoutSeconds * 2;
  const { rows } = await sql<{ id: number }>`
    UPDATE uploads u
    SET status = 'failed', finished_at = now(),
        message = 'The upload could not be processed: its processing stopped and was not resumed. Nothing was imported. Please upload the files again.'
    WHERE u.status IN ('queued', 'processing')
      AND COALESCE(u.started_at, u.created_at) < now() - make_interval(secs => ${graceSeconds}::float8)
      AND NOT EXISTS (
        SELECT 1 FROM pgboss.job j
        WHERE j.name = ${UPLOAD_IMPORT_QUEUE} AND j.state < 'completed'
          AND (j.data->>'uploadId')::int = u.id
      )
    RETURNING u.id
  `.execute(db);
  return rows.length;
}
