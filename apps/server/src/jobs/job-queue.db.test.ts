// The queue's own work loop (decision 0026): attempts counted at the claim, attempts that lost
// the database released for an immediate retry, and jobs whose worker dies in every attempt
// ended as failed — with their upload — after the retry limit.
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadAccepted, TUploadDetail } from '@coral/core';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createUser, TestAgent } from '../../test/auth-client';
import { datasheet, makeDataDir, upload } from '../../test/upload-test-helpers';
import { createJobQueue, type JobQueue, type JobSettlement, type QueueJob } from './job-queue';
import { startUploadWorker } from '../modules/uploads/upload-import.job';
import { UPLOAD_IMPORT_JOB } from './job-definitions';

let ctx: TestContext;
let dataDir: string;
let ann: TestAgent;
let queue: JobQueue;
const RETRY_LIMIT = 2;

beforeAll(async () => {
  dataDir = makeDataDir();
  ctx = await createTestApp({
    DATA_DIR: dataDir,
    UPLOAD_JOB_RETRY_LIMIT: String(RETRY_LIMIT),
    // Long enough that a retry after an ordinary failure is never taken within a test.
    UPLOAD_JOB_RETRY_DELAY_SECONDS: '60',
    UPLOAD_WORKER_POLL_SECONDS: '0.5',
  });
  await createUser(ctx.database.db, 'ann');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
  queue = createJobQueue(ctx.database.db, {
    retryLimit: RETRY_LIMIT,
    expireInSeconds: 900,
    supervise: false,
  });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** cbass_84.csv made a different file by `n` trailing blank lines (same data). */
async function queuedUpload(n: number) {
  const response = await upload(ann, {
    filename: `cbass_84-${n}.csv`,
    content: Buffer.concat([datasheet('cbass_84.csv'), Buffer.from('\n'.repeat(n))]),
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<TUploadAccepted>().upload_id;
}

async function jobOf(uploadId: number) {
  const { rows } = await sql<{ id: string; state: string; retry_count: number; output: unknown }>`
    SELECT id, state, retry_count, output FROM pgboss.job
    WHERE name = ${UPLOAD_IMPORT_JOB.queue} AND (data->>'uploadId')::int = ${uploadId}
  `.execute(ctx.database.db);
  return rows[0]!;
}

const lostConnection = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });

async function waitFor(check: () => boolean, timeoutMs = 10_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a job whose worker dies in every attempt', () => {
  it('counts each attempt at its claim and ends failed after the retries, and so does its upload', async () => {
    const id = await queuedUpload(1);
    const lines: string[] = [];
    for (let attempt = 1; attempt <= RETRY_LIMIT + 1; attempt++) {
      // A worker claims the job (the attempt is counted now), starts the import and dies.
      const job = await queue.claimJob(UPLOAD_IMPORT_JOB, { uploadId: id });
      expect(job).toMatchObject({ retryCount: attempt - 1, retryLimit: RETRY_LIMIT });
      await sql`UPDATE uploads SET status = 'processing', attempts = ${attempt}, started_at = now() WHERE id = ${id}`.execute(
        ctx.database.db,
      );
      // Its lease runs out.
      await sql`UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE id = ${job!.id}::uuid`.execute(
        ctx.database.db,
      );
      // The restarted worker takes the dead job back (retried after its delay) or, after the
      // last attempt, ends it — and its upload — as failed.
      const worker = await startUploadWorker({
        db: ctx.database.db,
        config: ctx.config,
        queue,
        recoverOrphanedJobs: false,
        log: (line) => lines.push(line),
      });
      await worker.stop();
      const after = await jobOf(id);
      expect(after.state).toBe(attempt <= RETRY_LIMIT ? 'retry' : 'failed');
    }
    expect((await jobOf(id)).output).toEqual({
      message: 'The worker running this job stopped (its lease expired).',
    });
    const detail = (await ann.request({ url: `/api/auth/uploads/${id}/` })).json<TUploadDetail>();
    expect(detail).toMatchObject({ status: 'failed', attempts: RETRY_LIMIT + 1 });
    expect(detail.message).toBe(
      'The upload could not be processed: its processing stopped and was not resumed. Nothing was imported. Please upload the files again.',
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^1 upload job\(s\) whose worker stopped in every attempt ended failed/,
      ),
    );
    // Nothing is claimed any more.
    expect(await queue.claimJob(UPLOAD_IMPORT_JOB, { uploadId: id })).toBeNull();
  });
});

describe('the work loop', () => {
  it('releases an attempt that lost the database for an immediate retry, counted', async () => {
    const id = await queuedUpload(2);
    const seen: QueueJob<unknown>[] = [];
    const settled: JobSettlement[] = [];
    const worker = queue.work(
      UPLOAD_IMPORT_JOB,
      {
        pollSeconds: 0.2,
        log: () => undefined,
        onSettled: (_job, settlement) => void settled.push(settlement),
      },
      async (job) => {
        if (job.data.uploadId !== id) return;
        seen.push(job);
        if (seen.length === 1) throw lostConnection();
      },
    );
    try {
      // The retry delay is 60 s: a second attempt within seconds was released, not failed.
      await waitFor(() => settled.includes('completed'));
    } finally {
      await worker.stop();
    }
    expect(seen.map((job) => job.retryCount)).toEqual([0, 1]);
    expect(settled.slice(0, 2)).toEqual(['released', 'completed']);
    expect((await jobOf(id)).state).toBe('completed');
  });

  it('fails the job for good when its last attempt lost the database', async () => {
    const id = await queuedUpload(3);
    const settled: JobSettlement[] = [];
    const lines: string[] = [];
    const worker = queue.work(
      UPLOAD_IMPORT_JOB,
      {
        pollSeconds: 0.2,
        log: (line) => lines.push(line),
        onSettled: (_job, settlement) => void settled.push(settlement),
      },
      async (job) => {
        if (job.data.uploadId !== id) return;
        throw lostConnection();
      },
    );
    try {
      await waitFor(() => settled.includes('failed'));
    } finally {
      await worker.stop();
    }
    expect(settled).toEqual(['released', 'released', 'failed']);
    const job = await jobOf(id);
    expect(job).toMatchObject({ state: 'failed', retry_count: RETRY_LIMIT });
    expect(job.output).toEqual({ message: 'terminating connection due to administrator command' });
  });

  it('keeps going after a handler bug and fails that job with its message', async () => {
    const id = await queuedUpload(4);
    const settled: JobSettlement[] = [];
    const worker = queue.work(
      UPLOAD_IMPORT_JOB,
      {
        pollSeconds: 0.2,
        log: () => undefined,
        onSettled: (_job, settlement) => void settled.push(settlement),
      },
      async (job) => {
        if (job.data.uploadId !== id) return;
        throw new TypeError('a bug');
      },
    );
    try {
      await waitFor(() => settled.length > 0);
    } finally {
      await worker.stop();
    }
    // An ordinary failure waits for its retry delay (60 s here).
    expect(settled).toEqual(['retried']);
    expect(await jobOf(id)).toMatchObject({ state: 'retry', output: { message: 'a bug' } });
  });
});
