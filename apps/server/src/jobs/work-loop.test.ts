// The work loop against a job store whose database goes away (no database needed): every queue
// query is awaited, retried while the database is unavailable, and logged with the job id.
import { describe, expect, it } from 'vitest';
import { runWorkLoop, type JobSettlement, type JobStore, type QueueJob } from './work-loop';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const shuttingDown = () =>
  Object.assign(new Error('the database system is shutting down'), { code: '57P03' });

const job = (id: string, retryCount = 0): QueueJob<unknown> => ({
  id,
  data: {},
  retryCount,
  retryLimit: 3,
  expireInSeconds: 60,
});

/** A store serving the given jobs once each; `down` calls of each query fail first. */
function fakeStore(jobs: QueueJob<unknown>[], down: Partial<Record<keyof JobStore, number>>) {
  const calls: string[] = [];
  const queue = [...jobs];
  const failing = { ...down };
  const maybeDown = (query: keyof JobStore) => {
    if ((failing[query] ?? 0) > 0) {
      failing[query]!--;
      calls.push(`${query}: down`);
      throw query === 'claim' ? refused() : shuttingDown();
    }
  };
  const store: JobStore = {
    async claim() {
      maybeDown('claim');
      return queue.shift() ?? null;
    },
    async complete(id) {
      maybeDown('complete');
      calls.push(`complete ${id}`);
    },
    async fail(id) {
      maybeDown('fail');
      calls.push(`fail ${id}`);
      return 'retry';
    },
    async release(id) {
      maybeDown('release');
      calls.push(`release ${id}`);
      return true;
    },
    async renew(id) {
      calls.push(`renew ${id}`);
      return true;
    },
  };
  return { store, calls };
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the work loop while the database is away', () => {
  it('keeps looking for jobs, and completes a job once the database answers again', async () => {
    const { store, calls } = fakeStore([job('a')], { claim: 2, complete: 2 });
    const lines: string[] = [];
    const settled: JobSettlement[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const worker = runWorkLoop(
      store,
      'test-queue',
      {
        pollSeconds: 0.05,
        log: (line) => lines.push(line),
        onSettled: (_job, settlement) => void settled.push(settlement),
      },
      async () => undefined,
      () => undefined,
    );
    try {
      await until(() => settled.length === 1);
    } finally {
      await worker.stop();
      process.off('unhandledRejection', onUnhandled);
    }
    expect(settled).toEqual(['completed']);
    expect(calls.filter((call) => !call.startsWith('claim'))).toEqual([
      'complete: down',
      'complete: down',
      'complete a',
    ]);
    expect(lines).toEqual([
      'job queue test-queue: cannot take jobs: database unavailable (connect ECONNREFUSED 127.0.0.1:5432 (ECONNREFUSED)); trying again in 0.5 s',
      'job queue test-queue: cannot take jobs: database unavailable (connect ECONNREFUSED 127.0.0.1:5432 (ECONNREFUSED)); trying again in 1 s',
      'job queue test-queue: completing job a failed, database unavailable (the database system is shutting down (57P03)); trying again in 0.5 s',
      'job queue test-queue: completing job a failed, database unavailable (the database system is shutting down (57P03)); trying again in 1 s',
    ]);
    expect(unhandled).toEqual([]);
  });

  it('releases an attempt that lost the database, fails one that did not', async () => {
    const { store, calls } = fakeStore([job('lost'), job('bug')], { release: 1 });
    const settled: JobSettlement[] = [];
    const worker = runWorkLoop(
      store,
      'test-queue',
      {
        pollSeconds: 0.05,
        log: () => undefined,
        onSettled: (_job, settlement) => void settled.push(settlement),
      },
      async ({ id }) => {
        throw id === 'lost' ? shuttingDown() : new TypeError('a bug');
      },
      () => undefined,
    );
    try {
      await until(() => settled.length === 2);
    } finally {
      await worker.stop();
    }
    expect(settled).toEqual(['released', 'retried']);
    expect(calls.filter((call) => !call.startsWith('claim'))).toEqual([
      'release: down',
      'release lost',
      'fail bug',
    ]);
  });

  it('a wake-up while it looks for jobs is not lost: the next wait returns at once', async () => {
    const { store } = fakeStore([], {});
    const seen: string[] = [];
    let claims = 0;
    let announced = false;
    // The first look finds nothing, but an upload is queued (and announced) while it runs.
    const racingStore: JobStore = {
      ...store,
      async claim() {
        claims++;
        if (claims === 1) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          worker.notify();
          announced = true;
          return null;
        }
        return announced && seen.length === 0 ? job('queued meanwhile') : null;
      },
    };
    const worker = runWorkLoop(
      racingStore,
      'test-queue',
      { pollSeconds: 60, log: () => undefined },
      async ({ id }) => void seen.push(id),
      () => undefined,
    );
    try {
      await until(() => seen.length === 1, 2000);
    } finally {
      await worker.stop();
    }
    expect(seen).toEqual(['queued meanwhile']);
  });
});

describe('the heartbeat (docs/decisions/0052-faults-and-streams.md)', () => {
  it('renews the lease of a running job every third of it, and stops when the job ends', async () => {
    const { store, calls } = fakeStore([{ ...job('long'), expireInSeconds: 0.3 }], {});
    const settled: JobSettlement[] = [];
    const worker = runWorkLoop(
      store,
      'test-queue',
      {
        pollSeconds: 0.05,
        // The attempt may run far longer than its lease.
        timeLimitSeconds: 60,
        log: () => undefined,
        onSettled: (_job, settlement) => void settled.push(settlement),
      },
      () => new Promise((resolve) => setTimeout(resolve, 1_000)),
      () => undefined,
    );
    try {
      await until(() => settled.length === 1);
    } finally {
      await worker.stop();
    }
    expect(settled).toEqual(['completed']);
    const renewals = calls.filter((call) => call === 'renew long').length;
    // 1 s of work, a renewal every 0.1 s.
    expect(renewals).toBeGreaterThanOrEqual(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((call) => call === 'renew long')).toHaveLength(renewals);
  });
});
