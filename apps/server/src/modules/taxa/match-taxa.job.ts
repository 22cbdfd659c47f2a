import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/schema';
import { TAXON_MATCH_JOB } from '../../jobs/job-definitions';
import type { JobQueue } from '../../jobs/job-queue';
import { matchUncheckedTaxa, type MatchOutcome } from './taxa.service';
import { createWormsClient, type WormsClient } from './worms-client';

/**
 * The taxon-matching job (jobs/job-definitions.ts; docs/decisions/0049-taxon-matching.md):
 * queued after every import, run by the worker below (main.ts starts it). An import never waits
 * for WoRMS; its names are "not yet checked" until this job has matched them.
 */

/**
 * Queues a match of the names not yet checked (after an import committed). One waiting job is
 * enough: it checks every name still unchecked when it runs.
 */
export async function queueTaxonMatching(jobs: JobQueue, db: AppDb): Promise<void> {
  await jobs.start();
  await jobs.send(TAXON_MATCH_JOB, db, {}, { singletonKey: TAXON_MATCH_JOB.queue });
  jobs.wake();
}

/** The WoRMS client of the configuration; null with WORMS_API_URL=off. */
export function wormsClientFor(config: AppConfig): WormsClient | null {
  return config.wormsApiUrl === null ? null : createWormsClient({ baseUrl: config.wormsApiUrl });
}

export interface TaxonMatchWorker {
  stop(): Promise<void>;
}

/** How often unchecked names are looked for besides the jobs (a job out of retries, a restore). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs the taxon-matching jobs. A job whose WoRMS could not be reached fails, and the queue
 * retries it with back-off (the names stay "not yet checked" meanwhile); at start and every hour
 * a sweep matches whatever is still unchecked.
 */
export async function startTaxonMatchWorker(options: {
  db: AppDb;
  queue: JobQueue;
  client: WormsClient | null;
  log?: (message: string) => void;
  pollSeconds?: number;
}): Promise<TaxonMatchWorker> {
  const { db, queue, client } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  const run = async (why: string): Promise<MatchOutcome> => {
    const outcome = await matchUncheckedTaxa(db, client);
    if (outcome.checked > 0 || outcome.unchecked > 0) {
      log(
        `species names (${why}): ${outcome.checked} checked against WoRMS, ${outcome.unchecked} not yet checked`,
      );
    }
    return outcome;
  };
  const sweep = (why: string) =>
    run(why).catch((error: unknown) =>
      log(`species names (${why}): not checked now, tried again later: ${String(error)}`),
    );
  await queue.start();
  // Not awaited: a slow or absent WoRMS must not hold up the server's start.
  void sweep('start');
  const worker = queue.work(
    TAXON_MATCH_JOB,
    { pollSeconds: options.pollSeconds ?? 5, log },
    async () => {
      await run('job');
    },
  );
  const timer = setInterval(() => void sweep('hourly sweep'), SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await worker.stop();
    },
  };
}
