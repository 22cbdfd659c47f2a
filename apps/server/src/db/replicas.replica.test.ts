import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCartGroup, TDataSummary, TUploadAccepted, TUploadDetail } from '@coral/core';
import { buildApp } from '../app';
import { loadConfig, repoRoot, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';
import { recordDatasetChange } from '../modules/data-changes/data-changes.service';
import { seedDatabase } from '../modules/datasets/dataset-seed.service';
import { DATA_VERSION_COOKIE } from '../plugins/read-routing';
import { createUser, TestAgent } from '../../test/auth-client';
import { startPrimaryAndStandby, type OwnStandby } from '../../test/own-standby';
import type { OwnPostgresCluster } from '../../test/own-postgres-cluster';

/**
 * Public reads from a real streaming replica (docs/decisions/0073-read-replicas.md): this file
 * starts its own PostgreSQL primary, seeds it, copies it with pg_basebackup -R into a hot
 * standby, and serves the app with DATABASE_REPLICA_URLS naming the standby. It runs in its own
 * Vitest project (`npm run test:replica`, a CI step) and fails, never skips, without the
 * PostgreSQL server programs.
 */
const DATABASE = 'coral';

let primary: OwnPostgresCluster;
let standby: OwnStandby;
let dataDir: string;
let config: AppConfig;
const opened: DatabaseHandle[] = [];
const apps: FastifyInstance[] = [];

/** An API process: its own pools and router (so its own "newest version seen"), its own app. */
async function apiProcess(replicas = true) {
  const database = await openDatabase({
    kind: 'server',
    url: primary.url(DATABASE),
    replicaUrls: replicas ? [standby.url(DATABASE)] : [],
  });
  opened.push(database);
  const app = await buildApp({ config, db: database.db, readReplicas: replicas });
  await app.ready();
  apps.push(app);
  return { database, app, stats: () => database.replicaStats!() };
}

let api: Awaited<ReturnType<typeof apiProcess>>;

beforeAll(async () => {
  ({ primary, standby } = await startPrimaryAndStandby([DATABASE], async (cluster) => {
    const seeding = await openDatabase({ kind: 'server', url: cluster.url(DATABASE) });
    try {
      await migrateToLatest(seeding.db);
      await seedDatabase(seeding.db, path.join(repoRoot, 'fixtures/seed/coralfuture-public.json'));
      await createUser(seeding.db, 'ann');
    } finally {
      await seeding.close();
    }
  }));
  dataDir = fs.mkdtempSync(path.join(primary.dir, 'data-'));
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: primary.url(DATABASE),
    DATABASE_REPLICA_URLS: standby.url(DATABASE),
  });
  api = await apiProcess();
}, 180_000);

afterAll(async () => {
  await Promise.allSettled(apps.map((app) => app.close()));
  await Promise.allSettled(opened.map((database) => database.close()));
  await standby?.destroy();
}, 60_000);

const replicaReads = (stats: ReturnType<typeof api.stats>) => stats.replicaReads[0]!.reads;

async function dataVersionOn(agent: TestAgent): Promise<number> {
  const response = await agent.request({ url: '/api/public/data-summary/' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDataSummary>().data_version.number;
}

async function primaryVersion(): Promise<number> {
  const [row] = (
    await opened[0]!.pool.query<{ version: number }>('SELECT version FROM dataset_state')
  ).rows;
  return Number(row!.version);
}

async function standbyCaughtUp(): Promise<void> {
  const version = await primaryVersion();
  await standby.waitFor(DATABASE, 'SELECT version FROM dataset_state', (v) => Number(v) >= version);
}

describe('public reads with a streaming replica', () => {
  it('serves anonymous public reads from the replica, counted, with the answers the primary gives', async () => {
    const visitor = new TestAgent(api.app);
    const before = api.stats();
    const urls = [
      '/api/public/data-summary/',
      '/api/public/statistics/',
      '/api/public/projects/',
      '/api/public/colonies/?limit=5',
    ];
    const onReplicas = [];
    for (const url of urls) {
      const response = await visitor.request({ url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      onReplicas.push(response.json());
    }
    const after = api.stats();
    expect(replicaReads(after)).toBeGreaterThan(replicaReads(before));

    // The same calls on a process without replicas: the same answers.
    const primaryOnly = await apiProcess(false);
    const reference = new TestAgent(primaryOnly.app);
    for (const [i, url] of urls.entries()) {
      expect((await reference.request({ url })).json(), url).toEqual(onReplicas[i]);
    }
  });

  it('keeps a signed-in user on the primary: their cart and upload read back while the replica lags', async () => {
    await standbyCaughtUp();
    const ann = await new TestAgent(api.app).loginOrThrow('ann');
    await standby.pauseReplay();
    try {
      const readsBefore = replicaReads(api.stats());
      const added = await ann.request({
        method: 'POST',
        url: '/api/auth/cart/',
        payload: { colony_ids: [658], name: 'Read back at once', filter_params: {} },
      });
      expect(added.statusCode, added.body).toBe(201);
      const groups = (await ann.request({ url: '/api/auth/cart/' })).json<TCartGroup[]>();
      expect(groups.map((g) => g.name)).toContain('Read back at once');

      const uploaded = await ann.request(
        multipartUpload(
          'cbass_84.csv',
          fs.readFileSync(path.join(repoRoot, 'fixtures/datasheets/cbass_84.csv')),
        ),
      );
      expect(uploaded.statusCode, uploaded.body).toBe(202);
      const { upload_id: uploadId } = uploaded.json<TUploadAccepted>();
      const detail = await ann.request({ url: `/api/auth/uploads/${uploadId}/` });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json<TUploadDetail>().main_file_name).toBe('cbass_84.csv');

      // The replica has neither write: had a read gone there, it would have missed them.
      const onStandby = await standby.query<{ groups: number; uploads: number }>(
        DATABASE,
        `SELECT (SELECT count(*)::int FROM cart_groups WHERE name = 'Read back at once') AS groups,
                (SELECT count(*)::int FROM uploads WHERE id = ${Number(uploadId)}) AS uploads`,
      );
      expect(onStandby).toEqual([{ groups: 0, uploads: 0 }]);
      expect(replicaReads(api.stats())).toBe(readsBefore);
    } finally {
      await standby.resumeReplay();
    }
  });

  it('never answers from a lagging replica with an older data version than was seen', async () => {
    await standbyCaughtUp();
    const visitor = new TestAgent(api.app);
    const seenFirst = await dataVersionOn(visitor);
    // Another API process, started before the change below: it has seen nothing newer.
    const other = await apiProcess();
    await standby.pauseReplay();
    try {
      // A worker process (primary only) publishes a change: the primary moves on, the replica not.
      const worker = await openDatabase({ kind: 'server', url: primary.url(DATABASE) });
      opened.push(worker);
      await worker.db.transaction().execute((trx) => recordDatasetChange(trx));
      const newer = await primaryVersion();
      expect(newer).toBeGreaterThan(seenFirst);

      // Nothing newer seen yet by this process or visitor: the lagging replica may answer.
      const stale = new TestAgent(api.app);
      expect(await dataVersionOn(stale)).toBe(seenFirst);

      // A signed-in user's request reads the primary: this process has now seen `newer`…
      const ann = await new TestAgent(api.app).loginOrThrow('ann');
      expect(await dataVersionOn(ann)).toBe(newer);
      // …so no anonymous read of it goes back to the replica's older version.
      const fallbacksBefore = api.stats().fallbacks.behind;
      const readsBefore = replicaReads(api.stats());
      expect(await dataVersionOn(visitor)).toBe(newer);
      expect(await dataVersionOn(new TestAgent(api.app))).toBe(newer);
      expect(api.stats().fallbacks.behind).toBeGreaterThan(fallbacksBefore);
      expect(replicaReads(api.stats())).toBe(readsBefore);
      expect(visitor.cookies.get(DATA_VERSION_COOKIE)).toBe(String(newer));

      // The other process has seen nothing newer than the replica, so a new visitor there may be
      // answered from it; the visitor's cookie carries what they saw, so they are answered from
      // the primary (and the other process has then seen the newer version too).
      expect(other.stats().seenVersion).toBeLessThan(newer);
      expect(await dataVersionOn(new TestAgent(other.app))).toBe(seenFirst);
      const otherVisitor = new TestAgent(other.app);
      otherVisitor.cookies.set(DATA_VERSION_COOKIE, visitor.cookies.get(DATA_VERSION_COOKIE)!);
      expect(await dataVersionOn(otherVisitor)).toBe(newer);
      expect(other.stats().seenVersion).toBe(newer);
      expect(await dataVersionOn(new TestAgent(other.app))).toBe(newer);
    } finally {
      await standby.resumeReplay();
    }

    // Caught up, the replica serves again, at the new version.
    await standbyCaughtUp();
    const readsBefore = replicaReads(api.stats());
    expect(await dataVersionOn(new TestAgent(api.app))).toBe(await primaryVersion());
    expect(replicaReads(api.stats())).toBeGreaterThan(readsBefore);
  });
});

/** POST /api/auth/upload-csv/ with one file, as a browser's form sends it. */
function multipartUpload(filename: string, content: Buffer) {
  const boundary = `----coral-replica-${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="csv_file"; filename="${filename}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST' as const,
    url: '/api/auth/upload-csv/',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
