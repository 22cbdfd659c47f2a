import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { AppDb } from '../db/schema';
import { JOBS, type JobDefinition, type UploadJobSettings } from './job-definitions';
import {
  runWorkLoop,
  type JobHandler,
  type JobStore,
  type JobWorker,
  type QueueJob,
  type WorkOptions,
} from './work-loop';

export type { JobHandler, JobSettlement, JobWorker, QueueJob, WorkOptions } from './work-loop';

export interface JobQueueOptions extends UploadJobSettings {
  /** Run pg-boss maintenance (expiring dead jobs): on in worker processes. */
  supervise: boolean;
}

/** When a job may start, and the key that keeps a second copy of it from being queued. */
export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
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
  /** Installs pg-boss's schema (once) and every job's queue; called lazily by the other methods. */
  start(): Promise<void>;
  /**
   * Queues a job inside the caller's transaction: both commit or neither (an approval rolled back
   * schedules nothing). Call start() before opening the transaction (the embedded database has
   * one connection). Null when a job with the same `singletonKey` is already queued.
   */
  send<T extends object>(
    job: JobDefinition<T>,
    trx: AppDb,
    data: T,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Wakes the workers of this process (after the enqueuing transaction committed). */
  wake(): void;
  /**
   * Fails (and so retries) every job of a queue still active. Only when no other process can be
   * running one (the embedded database): it was running in a process that died. Returns how many.
   */
  failActiveJobs(job: JobDefinition<object>): Promise<number>;
  /**
   * Takes the waiting job whose data contain `match` (e.g. one upload's import) as pg-boss's
   * fetch takes the next job of a queue (active, started now, a retry counted), without waiting
   * for a retry's delay; null when there is none (a worker has it, or it has finished).
   */
  claimJob<T extends object>(job: JobDefinition<T>, match: Partial<T>): Promise<ClaimedJob | null>;
  /** Whether a job whose data contain `match` is still waiting or running. */
  hasUnfinishedJob<T extends object>(job: JobDefinition<T>, match: Partial<T>): Promise<boolean>;
  /**
   * Runs the jobs of a queue one at a time in this process until stopped: claims the next job
   * (its attempt counted at the claim, so a process dying mid-job uses up an attempt), runs the
   * handler, and completes, fails (retried with back-off, failed for good after the retry limit)
   * or — when the attempt failed because the database connection was lost — releases the job to
   * be taken again at once. A database outage never ends the loop: every query is retried with
   * back-off and logged with the job id (decision 0026).
   */
  work<T extends object>(
    job: JobDefinition<T>,
    options: WorkOptions,
    handler: JobHandler<T>,
  ): JobWorker;
  /**
   * Fails (and so retries, or ends as failed after the retry limit) the jobs of a queue still
   * active after their lease (`expireInSeconds` since it was last renewed): their worker died.
   * Returns each such job with the state it is left in ('retry' or 'failed').
   */
  expireDeadJobs(job: JobDefinition<object>): Promise<ExpiredJob[]>;
  stop(): Promise<void>;
}

export interface ExpiredJob {
  id: string;
  data: unknown;
  /** 'retry' (taken again after its delay) or 'failed' (no retry left). */
  state: string;
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
        for (const job of JOBS) {
          await boss.createQueue(job.queue, { name: job.queue, ...job.retry(options) });
        }
      })();
      started.catch(() => {
        started = null;
      });
      return started;
    },
    async send(job, trx, data, sendOptions = {}) {
      await queue.start();
      return boss.send(job.queue, data, {
        db: kyselyExecutor(trx),
        ...job.retry(options),
        ...sendOptions,
      });
    },
    wake() {
      for (const loop of loops) loop.notify();
    },
    async failActiveJobs(job) {
      const { rows } = await boss
        .getDb()
        .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [job.queue]);
      const ids = (rows as { id: string }[]).map((row) => row.id);
      if (ids.length > 0) await boss.fail(job.queue, ids);
      return ids.length;
    },
    async claimJob(job, match) {
      const { rows } = await boss.getDb().executeSql(
        `UPDATE pgboss.job j SET
           state = 'active',
           started_on = now(),
           retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
         WHERE j.name = $1 AND j.id = (
           SELECT id FROM pgboss.job
           WHERE name = $1 AND state < 'active' AND data @> $2::jsonb
           ORDER BY created_on LIMIT 1
           FOR UPDATE SKIP LOCKED
         )
         RETURNING j.id, j.retry_count, j.retry_limit`,
        [job.queue, JSON.stringify(match)],
      );
      const row = rows[0] as { id: string; retry_count: number; retry_limit: number } | undefined;
      return row ? { id: row.id, retryCount: row.retry_count, retryLimit: row.retry_limit } : null;
    },
    async hasUnfinishedJob(job, match) {
      const { rows } = await boss.getDb().executeSql(
        `SELECT 1 FROM pgboss.job
         WHERE name = $1 AND state < 'completed' AND data @> $2::jsonb
         LIMIT 1`,
        [job.queue, JSON.stringify(match)],
      );
      return rows.length > 0;
    },
    work(job, options, handler) {
      const loop = runWorkLoop(
        jobStore(queue, job.queue),
        job.queue,
        options,
        handler as JobHandler<unknown>,
        () => loops.delete(loop),
      );
      loops.add(loop);
      return loop;
    },
    async expireDeadJobs(job) {
      const name = job.queue;
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
      const { rows: expired } = await boss
        .getDb()
        .executeSql(
          `SELECT id, data, state FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[])`,
          [name, ids],
        );
      return expired as ExpiredJob[];
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
    async renew(id) {
      // The lease runs from started_on (pg-boss's expiry and ours): moved to now.
      const { rows } = await db().executeSql(
        `UPDATE pgboss.job SET started_on = now()
         WHERE name = $1 AND id = $2 AND state = 'active' RETURNING id`,
        [name, id],
      );
      return rows.length > 0;
    },
  };
}

async function jobState(db: PgBoss.Db, name: string, id: string): Promise<string | undefined> {
  const { rows } = await db.executeSql(`SELECT state FROM pgboss.job WHERE name = $1 AND id = $2`, [
    name,
    id,
  ]);
  return (rows[0] as { state: string } | undefined)?.state;
}
