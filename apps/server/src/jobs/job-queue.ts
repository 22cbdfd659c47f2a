import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { AppDb } from '../db/database';

/** The queue of upload imports (one job per upload; the job data is the upload id). */
export const UPLOAD_IMPORT_QUEUE = 'upload-import';

export interface UploadJobData {
  uploadId: number;
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
  /** Wakes the workers of this process (after the enqueuing transaction committed). */
  wake(): void;
  /** A worker of this process (pg-boss worker id), to be woken by wake(). */
  addLocalWorker(workerId: string): void;
  stop(): Promise<void>;
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
  const workers = new Set<string>();

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
    wake() {
      for (const worker of workers) boss.notifyWorker(worker);
    },
    addLocalWorker(workerId) {
      workers.add(workerId);
    },
    async stop() {
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
