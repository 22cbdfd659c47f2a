import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '@coral/core';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig, repoRoot } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { recordDatasetChange } from '../../apps/server/src/modules/data-changes/data-changes.service';
import { seedDatabase } from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { usersService } from '../../apps/server/src/modules/users/users.service';
import { startPrimaryAndStandby } from '../../apps/server/test/own-standby';
import { count, ms, printTable } from './report';

/**
 * docs/decisions/0073-read-replicas.md on the seed: a primary and a real hot standby
 * (pg_basebackup -R) started here, one API process reading the standby. Target: public reads
 * served from the replica (counted: at least REPLICA_SHARE_TARGET of the public calls' statements)
 * with no stale answer — a signed-in user's cart group read back at once after each add while
 * the standby's replay is paused, and no anonymous answer older than a data version the process
 * has seen while the standby lags.
 */
const PUBLIC_CALLS = [
  '/api/public/data-summary/',
  '/api/public/statistics/',
  '/api/public/projects/',
  '/api/public/colonies/?limit=20',
  '/api/public/biosamples/?limit=20',
];
const ROUNDS = Number(process.env.BENCH_REPLICA_ROUNDS ?? 40);
const WRITES = Number(process.env.BENCH_REPLICA_WRITES ?? 20);
const REPLICA_SHARE_TARGET = 0.9;
const PASSWORD = 'replica bench password';

/** Cookies kept between calls, the CSRF token copied to its header (as the web app does). */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async call(method: 'GET' | 'POST', url: string, payload?: unknown) {
    const token = this.cookies.get(CSRF_COOKIE_NAME);
    const response = await this.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      cookies: Object.fromEntries(this.cookies),
      headers: method === 'POST' && token ? { [CSRF_HEADER_NAME]: token } : {},
    });
    for (const cookie of response.cookies as { name: string; value: string }[]) {
      this.cookies.set(cookie.name, cookie.value);
    }
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response;
  }
}

const version = (response: LightMyRequestResponse) =>
  response.json<{ data_version: { number: number } }>().data_version.number;

export async function runReplicaBench(): Promise<void> {
  let clusters: Awaited<ReturnType<typeof startPrimaryAndStandby>>;
  try {
    clusters = await startPrimaryAndStandby(['coral'], async (primary) => {
      const seeding = await openDatabase({ kind: 'server', url: primary.url('coral') });
      try {
        await migrateToLatest(seeding.db);
        await seedDatabase(
          seeding.db,
          path.join(repoRoot, 'fixtures/seed/coralfuture-public.json'),
        );
        await usersService.create(seeding.db, 'reader', PASSWORD);
      } finally {
        await seeding.close();
      }
    });
  } catch (error) {
    printTable('Read replicas (decision 0073)', [
      { label: 'verdict', values: { result: `MISSES: no standby (${(error as Error).message})` } },
    ]);
    return;
  }
  const { primary, standby } = clusters;
  const opened: DatabaseHandle[] = [];
  let app: FastifyInstance | undefined;
  try {
    const dataDir = fs.mkdtempSync(path.join(primary.dir, 'data-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: primary.url('coral'),
      DATABASE_REPLICA_URLS: standby.url('coral'),
      LOG_LEVEL: 'silent',
    });
    const database = await openDatabase({
      kind: 'server',
      url: primary.url('coral'),
      replicaUrls: [standby.url('coral')],
    });
    opened.push(database);
    app = await buildApp({ config, db: database.db, readReplicas: true });
    await app.ready();
    const stats = () => database.replicaStats!();

    // Public reads: every call ROUNDS times by anonymous visitors.
    const visitor = new Client(app);
    const before = stats();
    const started = process.cpuUsage();
    const wall = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      for (const url of PUBLIC_CALLS) await visitor.call('GET', url);
    }
    const publicMs = performance.now() - wall;
    const cpu = process.cpuUsage(started);
    const after = stats();
    const onReplica = after.replicaReads[0]!.reads - before.replicaReads[0]!.reads;
    const onPrimary = after.primaryStatements - before.primaryStatements;
    const share = onReplica / Math.max(1, onReplica + onPrimary);

    // Read-your-write with replay paused: each add must be in the very next read of the cart.
    const reader = new Client(app);
    await reader.call('GET', '/api/auth/csrf/');
    await reader.call('POST', '/api/auth/login/', { username: 'reader', password: PASSWORD });
    await standby.pauseReplay();
    let staleCarts = 0;
    let staleVersions = 0;
    let lagReads = 0;
    try {
      for (let i = 0; i < WRITES; i++) {
        const name = `Replica bench ${i}`;
        await reader.call('POST', '/api/auth/cart/', {
          colony_ids: [658],
          name,
          filter_params: {},
        });
        const groups = (await reader.call('GET', '/api/auth/cart/')).json<{ name: string }[]>();
        if (!groups.some((g) => g.name === name)) staleCarts++;
      }
      // A data change by a worker process while the standby lags; the signed-in reader's read
      // (on the primary) shows the new version to this process.
      const worker = await openDatabase({ kind: 'server', url: primary.url('coral') });
      opened.push(worker);
      await worker.db.transaction().execute((trx) => recordDatasetChange(trx));
      const newest = version(await reader.call('GET', '/api/public/data-summary/'));
      // New anonymous visitors: none may be answered with the standby's older version.
      for (let round = 0; round < ROUNDS; round++) {
        const response = await new Client(app).call('GET', '/api/public/data-summary/');
        lagReads++;
        if (version(response) < newest) staleVersions++;
      }
    } finally {
      await standby.resumeReplay();
    }
    const fallbacks = stats().fallbacks;
    const meets = share >= REPLICA_SHARE_TARGET && staleCarts === 0 && staleVersions === 0;
    printTable('Read replicas on the seed (decision 0073; one standby via pg_basebackup -R)', [
      {
        label: 'public reads',
        values: {
          calls: count(ROUNDS * PUBLIC_CALLS.length),
          'statements on replica': count(onReplica),
          'on primary': count(onPrimary),
          share: `${(share * 100).toFixed(1)} %`,
          'wall / CPU': `${ms(publicMs)} / ${ms((cpu.user + cpu.system) / 1000)}`,
        },
      },
      {
        label: 'read-your-write (replay paused)',
        values: { calls: count(WRITES * 2), 'stale answers': count(staleCarts) },
      },
      {
        label: 'lagging replica (replay paused)',
        values: {
          calls: count(lagReads),
          'stale answers': count(staleVersions),
          'fallbacks (behind)': count(fallbacks.behind),
        },
      },
      {
        label: 'verdict',
        values: {
          result:
            `${meets ? 'MEETS' : 'MISSES'}: with a replica configured, public reads served from ` +
            `it (${(share * 100).toFixed(1)} % ≥ ${REPLICA_SHARE_TARGET * 100} %) with no stale ` +
            `answer in a read-your-write test (${staleCarts + staleVersions} stale)`,
        },
      },
    ]);
  } finally {
    await app?.close();
    for (const database of opened) await database.close().catch(() => undefined);
    await standby.destroy();
  }
}
