// The loop that runs a queue's jobs in this process (decision 0026). The queries themselves are
// in job-queue.ts (the JobStore); this file holds no SQL.
import { describeDatabaseError, isDatabaseUnavailableError } from '../lib/database-errors';

export interface QueueJob<T> {
  id: string;
  data: T;
  /** Retries before this attempt (0 for the first attempt). */
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number;
}

export type JobHandler<T> = (job: QueueJob<T>) => Promise<void>;

/** What a job's attempt ended as, once the queue has recorded it. */
export type JobSettlement = 'completed' | 'retried' | 'failed' | 'released' | 'unrecorded';

export interface WorkOptions {
  /** How often an idle worker looks for jobs. */
  pollSeconds: number;
  log: (message: string) => void;
  /** Called after the queue recorded how an attempt ended (never throws into the loop). */
  onSettled?: (job: QueueJob<unknown>, settlement: JobSettlement) => Promise<void> | void;
}

export interface JobWorker {
  /** Wakes the worker if it is waiting for jobs. */
  notify(): void;
  /**
   * Stops taking jobs and waits for the running one (up to `graceMs`); a job still running then
   * is released to be taken again.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Back-off while the database is unreachable: 0.5 s, doubling, at most this. */
const MAX_DATABASE_BACKOFF_MS = 8_000;

/** The queue queries the loop needs, for one queue (job-queue.ts). */
export interface JobStore {
  /** Claims the next job as pg-boss's fetch does (a retry is counted at the claim). */
  claim(): Promise<QueueJob<unknown> | null>;
  complete(id: string): Promise<unknown>;
  /** Fails the attempt: retried after its delay, or failed for good. Returns the new state. */
  fail(id: string, message: string): Promise<string>;
  /**
   * Puts an active job back to be claimed at once; false when it had no retry left, null when it
   * is no longer active.
   */
  release(id: string): Promise<boolean | null>;
}

/**
 * A wait that wake-ups and stop() cut short. A wake-up while no wait is running (the worker was
 * busy claiming) makes the next wait return at once, so an upload queued meanwhile is not left
 * for a whole poll interval.
 */
function interruptibleSleep() {
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let pending = false;
  return {
    sleep(ms: number) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        wake = () => {
          wake = undefined;
          resolve();
        };
        timer = setTimeout(wake, ms);
      });
    },
    interrupt() {
      clearTimeout(timer);
      if (wake) wake();
      else pending = true;
    },
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * pg-boss's own worker loop fires `complete` and `fail` without awaiting them, so a database
 * restart during a job became an unhandled rejection that ended the process (decision 0026). This
 * loop awaits every query and waits out a lost database.
 */
export function runWorkLoop(
  store: JobStore,
  name: string,
  options: WorkOptions,
  handler: JobHandler<unknown>,
  onStopped: () => void,
): JobWorker {
  const { log } = options;
  const pause = interruptibleSleep();
  let stopping = false;
  /** The job running now, and whether stop() handed it back (its late outcome is ignored). */
  let running: { job: QueueJob<unknown>; abandoned: boolean } | null = null;

  /**
   * Runs one queue query until it succeeds: while the database is unreachable it waits and tries
   * again (logging each try with the job), unless the worker is stopping. Any other error is a
   * bug: logged, and the job left to its lease.
   */
  async function persist<R>(what: string, query: () => Promise<R>): Promise<R | undefined> {
    let backoff = 500;
    for (;;) {
      try {
        return await query();
      } catch (error) {
        if (!isDatabaseUnavailableError(error)) {
          log(`job queue ${name}: ${what} failed: ${String(error)}`);
          return undefined;
        }
        if (stopping) {
          log(
            `job queue ${name}: ${what} failed while stopping (${describeDatabaseError(error)}); the job's lease will expire`,
          );
          return undefined;
        }
        log(
          `job queue ${name}: ${what} failed, database unavailable (${describeDatabaseError(error)}); trying again in ${backoff / 1000} s`,
        );
        await pause.sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_DATABASE_BACKOFF_MS);
      }
    }
  }

  async function settle(
    job: QueueJob<unknown>,
    outcome: { ok: true } | { ok: false; error: unknown },
  ): Promise<JobSettlement> {
    if (outcome.ok) {
      const done = await persist(`completing job ${job.id}`, async () => {
        await store.complete(job.id);
        return true;
      });
      return done ? 'completed' : 'unrecorded';
    }
    const { error } = outcome;
    if (isDatabaseUnavailableError(error)) {
      // The attempt lost the database, not the job's fault: take it again as soon as the
      // database is back rather than after a retry delay or the lease (15 min).
      const released = await persist(`releasing job ${job.id}`, () => store.release(job.id));
      if (released === true) return 'released';
      // Gone from `active` meanwhile (expired and retried), or the worker is stopping.
      if (released !== false) return 'unrecorded';
      // No retry left: failed for good below.
    }
    const failed = await persist(`failing job ${job.id}`, async () => {
      return store.fail(job.id, errorMessage(error));
    });
    if (failed === undefined) return 'unrecorded';
    return failed === 'failed' ? 'failed' : 'retried';
  }

  async function runOne(job: QueueJob<unknown>) {
    running = { job, abandoned: false };
    const current = running;
    let outcome: { ok: true } | { ok: false; error: unknown } = { ok: true };
    let timer: NodeJS.Timeout | undefined;
    try {
      const attempt = handler(job);
      // pg-boss's rule kept: an attempt running past its lease counts as failed.
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the job ran longer than ${job.expireInSeconds} s`)),
          job.expireInSeconds * 1000,
        );
      });
      attempt.catch(() => undefined); // its late failure after a timeout is not unhandled
      await Promise.race([attempt, timeout]);
    } catch (caught) {
      outcome = { ok: false, error: caught ?? new Error('the job failed') };
    } finally {
      clearTimeout(timer);
    }
    running = null;
    if (current.abandoned) return;
    const settlement = await settle(job, outcome);
    try {
      await options.onSettled?.(job, settlement);
    } catch (caught) {
      log(`job queue ${name}: after job ${job.id}: ${String(caught)}`);
    }
  }

  const done = (async () => {
    let backoff = 500;
    while (!stopping) {
      let job: QueueJob<unknown> | null;
      try {
        job = await store.claim();
        backoff = 500;
      } catch (error) {
        const reason = isDatabaseUnavailableError(error)
          ? `database unavailable (${describeDatabaseError(error)})`
          : String(error);
        log(`job queue ${name}: cannot take jobs: ${reason}; trying again in ${backoff / 1000} s`);
        await pause.sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_DATABASE_BACKOFF_MS);
        continue;
      }
      if (job) await runOne(job);
      else await pause.sleep(options.pollSeconds * 1000);
    }
  })()
    .catch((error: unknown) => log(`job queue ${name}: worker stopped by a bug: ${String(error)}`))
    .finally(onStopped);

  return {
    notify: () => pause.interrupt(),
    async stop(graceMs = 10_000) {
      stopping = true;
      pause.interrupt();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), graceMs);
      });
      const outcome = await Promise.race([done.then(() => 'stopped' as const), grace]);
      clearTimeout(timer);
      const late = running;
      if (outcome === 'late' && late) {
        // Handed back so another worker takes it at once; its late outcome here is ignored.
        late.abandoned = true;
        await store
          .release(late.job.id)
          .catch((error: unknown) =>
            log(`job queue ${name}: releasing job ${late.job.id} at stop failed: ${String(error)}`),
          );
      }
    },
  };
}
