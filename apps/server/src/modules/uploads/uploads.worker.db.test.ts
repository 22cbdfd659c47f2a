import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadAccepted, TUploadDetail } from '@coral/core';
import { UPLOAD_IMPORT_JOB } from '../../jobs/job-definitions';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue';
import { startUploadWorker, type UploadWorker } from './upload-import.job';
import { reconcileUploads } from './upload-processor';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { testDatabaseKind } from '../../../test/test-database';
import { createUser, TestAgent } from '../../../test/auth-client';
import type { AppDb } from '../../db/schema';
import { processUpload } from './upload-processor';
import {
  datasetSnapshot,
  datasheet,
  difference,
  makeDataDir,
  upload,
} from '../../../test/upload-test-helpers';

let ctx: TestContext;
let dataDir: string;
let ann: TestAgent;
const queues: JobQueue[] = [];
const workers: UploadWorker[] = [];

beforeAll(async () => {
  dataDir = makeDataDir();
  ctx = await createTestApp({
    DATA_DIR: dataDir,
    UPLOAD_WORKER_POLL_SECONDS: '0.5',
    UPLOAD_JOB_RETRY_DELAY_SECONDS: '1',
  });
  await createUser(ctx.database.db, 'ann');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  for (const queue of queues) await queue.stop();
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** cbass_84.csv made a different file by `n` trailing blank lines (same data). */
const cbass84 = (n = 0) => ({
  filename: `cbass_84-${n}.csv`,
  content: Buffer.concat([datasheet('cbass_84.csv'), Buffer.from('\n'.repeat(n))]),
});

async function queued(main: { filename: string; content: Buffer }) {
  const response = await upload(ann, main);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<TUploadAccepted>().upload_id;
}

const detailOf = async (id: number) =>
  (await ann.request({ url: `/api/auth/uploads/${id}/` })).json<TUploadDetail>();

async function until(id: number, status: string, timeoutMs = 20_000) {
  const start = Date.now();
  for (;;) {
    const detail = await detailOf(id);
    if (detail.status === status) return detail;
    if (Date.now() - start > timeoutMs) {
      throw new Error(`upload ${id} is ${detail.status}, not ${status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What a worker process dying in the middle of the import transaction looks like. */
async function die(trx: AppDb): Promise<never> {
  if (testDatabaseKind === 'postgres') {
    // The database server drops the connection of the import: its transaction is gone.
    await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(trx);
  }
  throw new Error('worker killed in the middle of the import');
}

async function worker(
  options: {
    hooks?: Parameters<typeof startUploadWorker>[0]['hooks'];
    recover?: boolean;
    log?: (message: string) => void;
  } = {},
) {
  // One worker at a time in these tests.
  for (const running of workers.splice(0)) await running.stop();
  const queue = createJobQueue(ctx.database.db, {
    retryLimit: 2,
    expireInSeconds: 60,
    supervise: true,
    retryDelaySeconds: 1,
  });
  queues.push(queue);
  const started = await startUploadWorker({
    db: ctx.database.db,
    config: ctx.config,
    queue,
    recoverOrphanedJobs: options.recover ?? false,
    log: options.log ?? (() => undefined),
    hooks: options.hooks,
  });
  workers.push(started);
  return { queue, worker: started };
}

describe('a job killed mid-import', () => {
  it('leaves the database unchanged, and the retry completes the import', async () => {
    const id = await queued(cbass84());
    const before = await datasetSnapshot(ctx.database.db);
    await expect(
      processUpload(
        { db: ctx.database.db, config: ctx.config },
        id,
        { attempt: 1, lastAttempt: false },
        { beforeCommit: die },
      ),
    ).rejects.toThrow();
    expect(await datasetSnapshot(ctx.database.db)).toEqual(before);
    expect(await detailOf(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      message:
        'Attempt 1 failed on the server (nothing was imported); it will be retried automatically.',
    });

    const outcome = await processUpload({ db: ctx.database.db, config: ctx.config }, id, {
      attempt: 2,
      lastAttempt: false,
    });
    expect(outcome.status).toBe('done');
    expect(difference(await datasetSnapshot(ctx.database.db), before)).toMatchObject({
      projects: 1,
      colonies: 28,
      observations: 112,
      thermal_tolerances: 28,
    });
    expect(await detailOf(id)).toMatchObject({ status: 'done', attempts: 2 });
    // A late duplicate of the job finds the upload done and does nothing.
    expect(await processUpload({ db: ctx.database.db, config: ctx.config }, id)).toMatchObject({
      status: 'skipped',
    });
  });

  it('a killed process (status left "processing") is taken up again by the retry', async () => {
    const id = await queued(cbass84(1));
    await sql`UPDATE uploads SET status = 'processing', attempts = 1 WHERE id = ${id}`.execute(
      ctx.database.db,
    );
    const outcome = await processUpload({ db: ctx.database.db, config: ctx.config }, id, {
      attempt: 2,
      lastAttempt: true,
    });
    expect(outcome.status).toBe('done');
    // Same data as the first test: another draft of its own, which only the owner sees.
    expect(outcome.message).toMatch(
      /^Imported as a draft of the dataset “Voolstra et al\. 2021” \(version 1\): 28 colonies/,
    );
  });

  it('after the last attempt the upload is failed, not left waiting', async () => {
    const id = await queued(cbass84(2));
    await expect(
      processUpload(
        { db: ctx.database.db, config: ctx.config },
        id,
        { attempt: 3, lastAttempt: true },
        { beforeCommit: die },
      ),
    ).rejects.toThrow();
    const detail = await detailOf(id);
    expect(detail.status).toBe('failed');
    expect(detail.message).toContain(
      'could not be processed after 1 attempt because of an error on the server. Nothing was imported.',
    );
  });
});

describe('the upload worker (pg-boss)', () => {
  it('takes a queued upload and finishes it', async () => {
    await worker();
    const id = await queued({ filename: 'raw.csv', content: datasheet('2022_Fiji_Jareis.csv') });
    const detail = await until(id, 'done');
    expect(detail.counts).toMatchObject({ colonies: 70, observations: 560 });
  });

  it('retries an attempt that failed unexpectedly, and logs the failure with the job id', async () => {
    let calls = 0;
    const lines: string[] = [];
    await worker({
      log: (line) => lines.push(line),
      hooks: {
        beforeCommit: async () => {
          calls++;
          if (calls === 1) throw new Error('transient failure');
        },
      },
    });
    const id = await queued({
      filename: 'red.csv',
      content: datasheet('redsea_gradient_study.csv'),
    });
    const detail = await until(id, 'done', 30_000);
    expect(detail.attempts).toBe(2);
    expect(calls).toBe(2);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^upload ${id} \\(job [0-9a-f-]{36}, attempt 1 of \\d+\\) failed: Error: transient failure$`,
        ),
      ),
    );
  });

  it('a job left active by a dead process is failed at start and retried', async () => {
    for (const running of workers.splice(0)) await running.stop();
    const queue = createJobQueue(ctx.database.db, {
      retryLimit: 2,
      expireInSeconds: 60,
      supervise: false,
    });
    queues.push(queue);
    await queue.start();
    const id = await queued({
      filename: 'orphan.csv',
      content: Buffer.from(
        datasheet('cbass_84.csv')
          .toString('utf8')
          .replaceAll('Voolstra et al. 2021', 'Orphan project'),
      ),
    });
    // A worker took the job and died: the job stays active, the upload processing.
    const [job] = await queue.boss.fetch<{ uploadId: number }>(UPLOAD_IMPORT_JOB.queue);
    expect(job?.data.uploadId).toBe(id);
    await sql`UPDATE uploads SET status = 'processing', attempts = 1 WHERE id = ${id}`.execute(
      ctx.database.db,
    );
    await worker({ recover: true });
    expect((await until(id, 'done', 30_000)).attempts).toBe(2);
  });
});

describe('an upload whose worker was killed (several processes, PostgreSQL)', () => {
  it('is retried within a minute or two of a worker being back, its status saying so', async () => {
    for (const running of workers.splice(0)) await running.stop();
    // The deployment's settings: an attempt may run for 15 minutes (UPLOAD_JOB_TIMEOUT_SECONDS).
    const queue = createJobQueue(ctx.database.db, {
      retryLimit: 2,
      expireInSeconds: 15 * 60,
      supervise: false,
      retryDelaySeconds: 1,
    });
    queues.push(queue);
    await queue.start();
    const id = await queued({
      filename: 'killed.csv',
      content: Buffer.from(
        datasheet('cbass_84.csv')
          .toString('utf8')
          .replaceAll('Voolstra et al. 2021', 'Killed worker project'),
      ),
    });
    // A worker took the job, and was killed (kill -9) 90 seconds ago: nothing renews the job since.
    const job = await queue.claimJob(UPLOAD_IMPORT_JOB, { uploadId: id });
    expect(job).not.toBeNull();
    await sql`UPDATE pgboss.job SET started_on = now() - interval '90 seconds' WHERE id = ${job!.id}::uuid`.execute(
      ctx.database.db,
    );
    await sql`UPDATE uploads SET status = 'processing', attempts = 1 WHERE id = ${id}`.execute(
      ctx.database.db,
    );
    const lines: string[] = [];
    // A worker comes back (on PostgreSQL it never fails active jobs of others at start).
    await worker({ recover: false, log: (line) => lines.push(line) });
    expect((await until(id, 'done', 30_000)).attempts).toBe(2);
    expect(lines.join('\n')).toMatch(/upload \d+: its worker stopped; retried/);
  });
});

describe('reconciliation', () => {
  it('marks an upload failed whose processing stopped long ago without a job left', async () => {
    const id = await queued(cbass84(3));
    await sql`DELETE FROM pgboss.job WHERE (data->>'uploadId')::int = ${id}`.execute(
      ctx.database.db,
    );
    await sql`UPDATE uploads SET status = 'processing', started_at = now() - interval '1 day' WHERE id = ${id}`.execute(
      ctx.database.db,
    );
    expect(await reconcileUploads(ctx.database.db, ctx.config)).toBe(1);
    expect(await detailOf(id)).toMatchObject({ status: 'failed' });
  });
});
