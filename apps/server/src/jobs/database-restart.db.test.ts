// Decision 0026: a PostgreSQL restart while an upload is processing stopped the server for
// good (an unhandled rejection from pg-boss's `fail`) and left the upload "processing" for the
// job's 15-minute lease. Run against a PostgreSQL server of the test's own, stopped and started
// here (the shared server of the run is never restarted).
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadAccepted, TUploadDetail } from '@coral/core';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import type { AppDb } from '../db/schema';
import { migrateToLatest } from '../db/migrate';
import { createJobQueue, jobQueueOptions, type JobQueue } from './job-queue';
import { startUploadWorker, type UploadWorker } from '../modules/uploads/upload-import.job';
import { sql } from 'kysely';
import { createUser, TestAgent } from '../../test/auth-client';
import { startOwnPostgresCluster, type OwnPostgresCluster } from '../../test/own-postgres-cluster';
import { testDatabaseKind } from '../../test/test-database';
import { datasheet, makeDataDir, upload } from '../../test/upload-test-helpers';

// Only in the server:postgres project (its machines have the PostgreSQL binaries).
describe.runIf(testDatabaseKind === 'postgres')('a PostgreSQL restart during an upload', () => {
  let cluster: OwnPostgresCluster;
  let database: DatabaseHandle;
  let dataDir: string;
  let config: AppConfig;
  let queue: JobQueue;
  let app: FastifyInstance;
  let worker: UploadWorker;
  const lines: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  /** The first attempt waits here, inside its import transaction, while the test restarts. */
  let reachedImport!: () => void;
  const importReached = new Promise<void>((resolve) => (reachedImport = resolve));
  let continueImport!: () => void;
  const importContinues = new Promise<void>((resolve) => (continueImport = resolve));
  let attempts = 0;
  const beforeCommit = async (trx: AppDb) => {
    attempts++;
    if (attempts > 1) return;
    reachedImport();
    await importContinues;
    await sql`SELECT 1`.execute(trx);
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    cluster = await startOwnPostgresCluster(['coral']);
    database = await openDatabase(
      { kind: 'server', url: cluster.url('coral') },
      { onConnectionError: (line) => lines.push(line) },
    );
    await migrateToLatest(database.db);
    dataDir = makeDataDir();
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      UPLOAD_WORKER_POLL_SECONDS: '0.5',
      UPLOAD_JOB_RETRY_DELAY_SECONDS: '30',
    });
    queue = createJobQueue(database.db, jobQueueOptions(config, true));
    app = await buildApp({ config, db: database.db, jobs: queue });
    await app.ready();
    worker = await startUploadWorker({
      db: database.db,
      config,
      queue,
      recoverOrphanedJobs: false,
      log: (line) => lines.push(line),
      hooks: { beforeCommit },
    });
    await createUser(database.db, 'ann');
  }, 60_000);

  afterAll(async () => {
    continueImport();
    await worker?.stop();
    await queue?.stop();
    await app?.close();
    await database?.close();
    await cluster?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    process.off('unhandledRejection', onUnhandled);
  });

  it('answers 503 while the database is down, survives, and finishes the upload on recovery', async () => {
    const ann = await new TestAgent(app).loginOrThrow('ann');
    const accepted = await upload(ann, {
      filename: 'cbass_84.csv',
      content: datasheet('cbass_84.csv'),
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const id = accepted.json<TUploadAccepted>().upload_id;
    await importReached;

    // The restart: the import's session is ended (57P01), new connections are refused.
    await cluster.stop();
    continueImport();

    const down = await ann.request({ url: `/api/auth/uploads/${id}/` });
    expect(down.statusCode, down.body).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      error: 'The database is unavailable. Please try again in a moment.',
      code: 'DATABASE_UNAVAILABLE',
    });
    // The attempt fails on the lost connection; the database stays down a moment longer.
    const attemptFailed = new RegExp(
      `^upload ${id} \\(job [0-9a-f-]{36}, attempt 1 of \\d+\\) failed: `,
    );
    await waitFor(() => lines.some((line) => attemptFailed.test(line)));
    await new Promise((resolve) => setTimeout(resolve, 1000));

    await cluster.start();
    let detail: TUploadDetail | undefined;
    await waitFor(async () => {
      const response = await ann.request({ url: `/api/auth/uploads/${id}/` });
      if (response.statusCode !== 200) return false;
      detail = response.json<TUploadDetail>();
      return detail.status === 'done';
    }, 30_000);
    expect(detail).toMatchObject({ status: 'done', attempts: 2 });
    expect(detail!.counts).toMatchObject({ colonies: 28, observations: 112 });
    expect(attempts).toBe(2);
    expect(unhandled).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^database connection lost: /));
    // While the database was down the worker kept trying to hand the job back, and said so.
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^job queue upload-import: releasing job [0-9a-f-]{36} failed, database unavailable/,
      ),
    );
  }, 60_000);
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
