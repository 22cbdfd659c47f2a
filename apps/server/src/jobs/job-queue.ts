import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { AppDb } from '../db/schema';
import {
  runWorkLoop,
  type JobHandler,
  type JobStore,
  type JobWorker,
  type QueueJob,
  type WorkOptions,
} from './work-loop';

export type { JobHandler, JobSettlement, JobWorker, QueueJob, WorkOptions } from './work-loop';

/** The queue of upload imports (one job per upload; the job data is the upload id). */
export const UPLOAD_IMPORT_QUEUE = 'upload-import';

export interface UploadJobData {
  uploadId: number;
}

/** Releases a dataset's embargo on its date (decision 0012); the job runs at 00:00 UTC. */
export const DATASET_EMBARGO_QUEUE = 'dataset-embargo-release';

export interface EmbargoJobData {
  datasetId: number;
}

/** Registers the DOI of a published dataset version at DataCite (only with DataCite settings). */
export const DATASET_DOI_QUEUE = 'dataset-doi-registration';

export interface DoiJobData {
  datasetId: number;
  version: number;
}

export interface JobQueueOptions {
  /** Attempts after the first when a job fails unexpectedly. */
  retryLimit: number;
  /** A job active for longer counts as dead (its worker was killed) and is retried. */
  expireInSeconds: number;
  /** Delay before the first retry (doubling after each further failure). */
  retryDelaySeconds?: number;
  /** Run pg-boss maintenance (expiring dead jobs): on in worker processes. */
  supervise: boolean;
}

/**
 * pg-boss speaks to the database through this adapter, so it uses the application's own
 * connection pool: with the embedded database (PGlite, one connection) its queries wait for the
 * connection like every other query instead of slipping into another transaction, and a job can
 * be queued inside the caller's transaction (`send` with `db`).
 */
export function kyselyExecutor(db: AppDb): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows };
    },
  };
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** Installs pg-boss's schema (once) and the queue; called lazily by the other methods. */
  start(): Promise<void>;
  /**
   * Queues the import of an upload inside the caller's transaction: both commit or neither.
   * Call start() before opening the transaction (the embedded database has one connection).
   */
  enqueueUpload(trx: AppDb, uploadId: number): Promise<string>;
  /**
   * Schedules the release of a dataset's embargo for the morning of `date` (ISO), inside the
   * caller's transaction (an approval rolled back schedules nothing).
   */
  scheduleEmbargoRelease(trx: AppDb, datasetId: number, date: string): Promise<void>;
  /**
   * Queues the DOI registration of a version inside the caller's transaction (a publication
   * rolled back registers nothing). Call start() before opening the transaction.
   */
  enqueueDoiRegistration(trx: AppDb, datasetId: number, version: number): Promise<void>;
  /** Wakes the workers of this process (after the enqueuing transaction committed). */
  wake(): void;
  /**
   * Fails (and so retries) every upload job still active. Only when no other process can be
   * running one (the embedded database): it was running in a process that died. Returns how many.
   */
  failActiveJobs(): Promise<number>;
  /**
   * Takes the waiting job of one upload as pg-boss's fetch takes the next job of a queue (active,
   * started now, a retry counted), without waiting for a retry's delay; null when there is none
   * (a worker has it, or it has finished).
   */
  claimUploadJob(uploadId: number): Promise<ClaimedJob | null>;
  /** Whether the upload still has a job waiting or running. */
  hasUnfinishedUploadJob(uploadId: number): Promise<boolean>;
  /**
   * Runs the jobs of a queue one at a time in this process until stopped: claims the next job
   * (its attempt counted at the claim, so a process dying mid-job uses up an attempt), runs the
   * handler, and completes, fails (retried with back-off, failed for good after the retry limit)
   * or — when the attempt failed because the database connection was lost — releases the job to
   * be taken again at once. A database outage never ends the loop: every query is retried with
   * back-off and logged with the job id (decision 0026).
   */
  work<T extends object>(name: string, options: WorkOptions, handler: JobHandler<T>): JobWorker;
  /**
   * Fails (and so retries, or ends as failed after the retry limit) the jobs of a queue still
   * active after their lease (`expireInSeconds`): their worker died. Returns the jobs that ended
   * failed for good.
   */
  expireDeadJobs(name: string): Promise<{ id: string; data: unknown }[]>;
  stop(): Promise<void>;
}

export interface ClaimedJob {
  id: string;
  retryCount: number;
  retryLimit: number;
}

export function createJobQueue(db: AppDb, options: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    db: kyselyExecutor(db),
    schedule: false,
    supervise: options.supervise,
    migrate: true,
    // Dead jobs are looked for every minute (default: two).
    maintenanceIntervalSeconds: 60,
  });
  // pg-boss reports background failures as events; they must not crash the process.
  boss.on('error', (error) => console.error('job queue error:', error));
  let started: Promise<void> | null = null;
  const loops = new Set<JobWorker>();

  const queue: JobQueue = {
    boss,
    start() {
      started ??= (async () => {
        await boss.start();
        await boss.createQueue(UPLOAD_IMPORT_QUEUE, {
          name: UPLOAD_IMPORT_QUEUE,
          retryLimit: options.retryLimit,
          retryDelay: options.retryDelaySeconds ?? 10,
          retryBackoff: true,
          expireInSeconds: options.expireInSeconds,
        });
        await boss.createQueue(DATASET_EMBARGO_QUEUE, {
          name: DATASET_EMBARGO_QUEUE,
          retryLimit: 10,
          retryDelay: 60,
          retryBackoff: true,
        });
        // DataCite may be down for a while: retried with back-off over about a day.
        await boss.createQueue(DATASET_DOI_QUEUE, {
          name: DATASET_DOI_QUEUE,
          retryLimit: 12,
          retryDelay: 60,
          retryBackoff: true,
        });
      })();
      started.catch(() => {
        started = null;
      });
      return started;
    },
    async enqueueUpload(trx, uploadId) {
      await queue.start();
      const data: UploadJobData = { uploadId };
      const id = await boss.send(UPLOAD_IMPORT_QUEUE, data, {
        db: kyselyExecutor(trx),
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds ?? 10,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds,
      });
      if (id === null) throw new Error(`The import job of upload ${uploadId} was not queued`);
      return id;
    },
    async scheduleEmbargoRelease(trx, datasetId, date) {
      await queue.start();
      const data: EmbargoJobData = { datasetId };
      await boss.send(DATASET_EMBARGO_QUEUE, data, {
        db: kyselyExecutor(trx),
        startAfter: new Date(`${date}T00:00:00Z`),
        singletonKey: `embargo-${datasetId}-${date}`,
      });
    },
    async enqueueDoiRegistration(trx, datasetId, version) {
      await queue.start();
      const data: DoiJobData = { datasetId, version };
      await boss.send(DATASET_DOI_QUEUE, data, {
        db: kyselyExecutor(trx),
        singletonKey: `doi-${datasetId}-v${version}`,
      });
    },
    wake() {
      for (const loop of loops) loop.notify();
    },
    async failActiveJobs() {
      const { rows } = await boss
        .getDb()
        .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [
          UPLOAD_IMPORT_QUEUE,
        ]);
      const ids = (rows as { id: string }[]).map((row) => row.id);
      if (ids.length > 0) await boss.fail(UPLOAD_IMPORT_QUEUE, ids);
      return ids.length;
    },
    async claimUploadJob(uploadId) {
      const { rows } = await boss.getDb().executeSql(
        `UPDATE pgboss.job j SET
           state = 'active',
           started_on = now(),
           retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
         WHERE j.name = $1 AND j.id = (
           SELECT id FROM pgboss.job
           WHERE name = $1 AND state < 'active' AND (data->>'uploadId')::int = $2
           ORDER BY created_on LIMIT 1
           FOR UPDATE SKIP LOCKED
         )
         RETURNING j.id, j.retry_count, j.retry_limit`,
        [UPLOAD_IMPORT_QUEUE, uploadId],
      );
      const row = rows[0] as { id: string; retry_count: number; retry_limit: number } | undefined;
      return row ? { id: row.id, retryCount: row.retry_count, retryLimit: row.retry_limit } : null;
    },
    async hasUnfinishedUploadJob(uploadId) {
      const { rows } = await boss.getDb().executeSql(
        `SELECT 1 FROM pgboss.job
         WHERE name = $1 AND state < 'completed' AND (data->>'uploadId')::int = $2
         LIMIT 1`,
        [UPLOAD_IMPORT_QUEUE, uploadId],
      );
      return rows.length > 0;
    },
    work(name, options, handler) {
      const loop = runWorkLoop(
        jobStore(queue, name),
        name,
        options,
        handler as JobHandler<unknown>,
        () => loops.delete(loop),
      );
      loops.add(loop);
      return loop;
    },
    async expireDeadJobs(name) {
      const { rows } = await boss.getDb().executeSql(
        `SELECT id FROM pgboss.job
         WHERE name = $1 AND state = 'active' AND started_on + expire_in < now()`,
        [name],
      );
      const ids = (rows as { id: string }[]).map((row) => row.id);
      if (ids.length === 0) return [];
      for (const id of ids) {
        await boss.fail(name, id, {
          message: 'The worker running this job stopped (its lease expired).',
        });
      }
      const { rows: failed } = await boss
        .getDb()
        .executeSql(
          `SELECT id, data FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'failed'`,
          [name, ids],
        );
      return failed as { id: string; data: unknown }[];
    },
    async stop() {
      await Promise.all([...loops].map((loop) => loop.stop()));
      if (started === null) return;
      await started.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
  return queue;
}

/** The queue settings of the configuration; `supervise` in processes that run a worker. */
export function jobQueueOptions(
  config: {
    uploads: { jobRetryLimit: number; jobRetryDelaySeconds: number; jobTimeoutSeconds: number };
  },
  supervise: boolean,
): JobQueueOptions {
  return {
    retryLimit: config.uploads.jobRetryLimit,
    retryDelaySeconds: config.uploads.jobRetryDelaySeconds,
    expireInSeconds: config.uploads.jobTimeoutSeconds,
    supervise,
  };
}

/** Claims the next job of a queue as pg-boss's fetch does (a retry is counted at the claim). */
async function claimNext(queue: JobQueue, name: string): Promise<QueueJob<unknown> | null> {
  const { rows } = await queue.boss.getDb().executeSql(
    `UPDATE pgboss.job j SET
       state = 'active',
       started_on = now(),
       retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
     WHERE j.name = $1 AND j.id = (
       SELECT id FROM pgboss.job
       WHERE name = $1 AND state < 'active' AND start_after < now()
       ORDER BY priority DESC, created_on, id
       LIMIT 1
       FOR UPDATE SKIP LOCKED
     )
     RETURNING j.id, j.data, j.retry_count, j.retry_limit,
       EXTRACT(epoch FROM j.expire_in)::int AS expire_in_seconds`,
    [name],
  );
  const row = rows[0] as
    | {
        id: string;
        data: unknown;
        retry_count: number;
        retry_limit: number;
        expire_in_seconds: number;
      }
    | undefined;
  return row
    ? {
        id: row.id,
        data: row.data,
        retryCount: row.retry_count,
        retryLimit: row.retry_limit,
        expireInSeconds: row.expire_in_seconds,
      }
    : null;
}

/**
 * Puts an active job back to be claimed again at once (its attempt stays counted). Null when the
 * job had no retry left, or is no longer active (expired meanwhile and already retried).
 */
async function releaseJob(queue: JobQueue, name: string, id: string): Promise<boolean | null> {
  const { rows } = await queue.boss.getDb().executeSql(
    `UPDATE pgboss.job SET state = 'retry', start_after = now()
     WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count < retry_limit
     RETURNING id`,
    [name, id],
  );
  if (rows.length > 0) return true;
  return (await jobState(queue.boss.getDb(), name, id)) === 'active' ? false : null;
}

/** The loop's queries for one queue, on pg-boss's job table. */
function jobStore(queue: JobQueue, name: string): JobStore {
  const db = () => queue.boss.getDb();
  return {
    claim: () => claimNext(queue, name),
    complete: (id) => queue.boss.complete(name, id),
    async fail(id, message) {
      await queue.boss.fail(name, id, { message });
      return (await jobState(db(), name, id)) ?? 'gone';
    },
    release: (id) => releaseJob(queue, name, id),
  };
}

async function jobState(db: PgBoss.Db, name: string, id: string): Promise<string | undefined> {
  const { rows } = await db.executeSql(`SELECT state FROM pgboss.job WHERE name = $1 AND id = $2`, [
    name,
    id,
  ]);
  return (rows[0] as { state: string } | undefined)?.state;
}
