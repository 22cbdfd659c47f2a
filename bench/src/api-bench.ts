import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { THRESHOLD_KINDS } from '@coral/core';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { seedDatabase } from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { gunzipSync } from 'node:zlib';
import {
  buildColonyFeedGzip,
  publishColonyFeed,
} from '../../apps/server/src/modules/colonies/colonies.service';
import { currentDataVersion } from '../../apps/server/src/modules/read-models/read-models.service';
import { importAsPublished } from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { publishStatistics } from '../../apps/server/src/modules/statistics/statistics.service';
import { thresholdsRepository } from '../../apps/server/src/modules/thresholds/thresholds.repository';
import { loadThresholdLists } from '../../apps/server/src/modules/thresholds/thresholds.service';
import { count, median, ms, printTable, ratio, timeIt, verdict, type BenchRow } from './report';
import { publishUpload } from './publish-upload';
import { SYNTHETIC_SOURCE, syntheticDataset } from './synthetic-dataset';

const config = loadConfig({ NODE_ENV: 'test' });
const REPEATS = 5;

interface Measured {
  colonies: number;
  feedPublish: number;
  feedFresh: number;
  feedCached: number;
  statisticsPublish: number;
  statisticsFresh: number;
  statisticsCached: number;
  projects: number;
}

/**
 * Server time of one request (in-process inject: no network), median of REPEATS.
 * "fresh": a new server process (empty memory) reading the snapshot published with the data;
 * "cached": a process that served the endpoint before;
 * "publish": the rebuild that runs inside the transaction of every data change.
 */
async function measure(handle: DatabaseHandle): Promise<Measured> {
  const request = (app: FastifyInstance, url: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
  const fresh = async (url: string) => {
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const app = await buildApp({ config, db: handle.db });
      times.push(await timeIt(() => request(app, url)));
      await app.close();
    }
    return median(times);
  };
  const app = await buildApp({ config, db: handle.db });
  const cached = async (url: string) => {
    await request(app, url);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) times.push(await timeIt(() => request(app, url)));
    return median(times);
  };
  const publish = async (build: (version: number) => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const { version } = await currentDataVersion(handle.db);
      times.push(await timeIt(() => build(version)));
    }
    return median(times);
  };
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM colonies`.execute(
    handle.db,
  );
  const result = {
    colonies: rows[0]!.n,
    feedPublish: await publish((version) => publishColonyFeed(handle.db, version)),
    feedFresh: await fresh('/api/public/colonies/'),
    feedCached: await cached('/api/public/colonies/'),
    statisticsPublish: await publish(() => publishStatistics(handle.db)),
    statisticsFresh: await fresh('/api/public/statistics/'),
    statisticsCached: await cached('/api/public/statistics/'),
    projects: await cached('/api/public/projects/'),
  };
  await app.close();
  return result;
}

/** What a per-colony serializer does (the original platform): one query per colony and kind. */
async function naiveVersusBatched(handle: DatabaseHandle, sample: number) {
  const ids = (
    await handle.db.selectFrom('colonies').select('id').orderBy('id').limit(sample).execute()
  ).map((r) => r.id);
  const naive = await timeIt(async () => {
    for (const id of ids) {
      for (const kind of THRESHOLD_KINDS) {
        await thresholdsRepository.listByColonies(handle.db, kind, { ids: [id] });
      }
    }
  });
  const batched = await timeIt(() => loadThresholdLists(handle.db, { ids }));
  return { naive, batched };
}

/** Decision 0036's target: the feed republished after a 1,000-colony upload in under 1 s. */
const REPUBLISH_TARGET_MS = 1000;
const UPLOAD_COLONIES = 1000;

/**
 * "Republish after a 1,000-colony upload": each repeat imports a new dataset of 1,000 synthetic
 * colonies and makes it public in one transaction, as an approval does; timed is the colonies
 * feed's publication in that transaction, which rebuilds only the parts holding the new colonies
 * (decision 0038). Afterwards the feed a request gets is checked against a full rebuild.
 */
async function republishAfterUpload(handle: DatabaseHandle) {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    times.push(
      await publishUpload(handle, {
        colonies: UPLOAD_COLONIES,
        seed: 1000 + i,
        name: `Benchmark upload ${i + 1}`,
      }),
    );
  }
  const app = await buildApp({ config, db: handle.db });
  const served = await app.inject({
    method: 'GET',
    url: '/api/public/colonies/',
    headers: { 'accept-encoding': 'gzip' },
  });
  await app.close();
  const identical = gunzipSync(served.rawPayload).equals(
    gunzipSync(await buildColonyFeedGzip(handle.db)),
  );
  return { republish: median(times), identical };
}

async function prepare(
  label: string,
  target: { kind: 'memory' } | { kind: 'server'; url: string },
) {
  const handle = await openDatabase(target);
  await migrateToLatest(handle.db);
  void label;
  return handle;
}

export async function runApiBench(options: { colonies: number; databaseUrl?: string }) {
  const targets: { name: string; target: { kind: 'memory' } | { kind: 'server'; url: string } }[] =
    [{ name: 'embedded PGlite', target: { kind: 'memory' } }];
  if (options.databaseUrl) {
    targets.push({
      name: 'PostgreSQL server',
      target: { kind: 'server', url: options.databaseUrl },
    });
  }

  for (const { name, target } of targets) {
    const baselineDb = await prepare('seed', target);
    await seedDatabase(baselineDb.db, config.seedFile);
    const baseline = await measure(baselineDb);
    await baselineDb.close();

    const syntheticDb =
      target.kind === 'server'
        ? await freshServerDatabase(target.url)
        : await prepare('synthetic', target);
    const bundle = syntheticDataset({ colonies: options.colonies, projects: 40 });
    const importTime = await timeIt(() =>
      syntheticDb.db
        .transaction()
        .execute((trx) => importAsPublished(trx, bundle, SYNTHETIC_SOURCE)),
    );
    const synthetic = await measure(syntheticDb);
    const nPlusOne = await naiveVersusBatched(syntheticDb, 1000);
    const upload = await republishAfterUpload(syntheticDb);
    await syntheticDb.close();

    const columns: [string, keyof Measured][] = [
      ['feed: fresh process', 'feedFresh'],
      ['feed: cached', 'feedCached'],
      ['feed: publish', 'feedPublish'],
      ['statistics: fresh', 'statisticsFresh'],
      ['statistics: cached', 'statisticsCached'],
      ['statistics: publish', 'statisticsPublish'],
      ['projects', 'projects'],
    ];
    const row = (label: string, m: Measured): BenchRow => ({
      label,
      values: Object.fromEntries<string>([
        ['colonies', count(m.colonies)],
        ...columns.map(([name, key]): [string, string] => [name, ms(m[key])]),
      ]),
    });
    printTable(`API server time on ${name}`, [
      row('real seed (baseline)', baseline),
      row('synthetic', synthetic),
      {
        label: 'ratio synthetic / seed',
        values: Object.fromEntries<string>([
          ['colonies', ratio(synthetic.colonies / baseline.colonies)],
          ...columns.map(([name, key]): [string, string] => [
            name,
            ratio(synthetic[key] / baseline[key]),
          ]),
        ]),
      },
    ]);
    console.log(
      `  import of ${count(options.colonies)} synthetic colonies (${count(bundle.observations.length)} observations): ${ms(importTime)}`,
    );
    console.log(
      `  colonies feed, request in a fresh process: ${verdict(synthetic.feedFresh, 1500)}; cached: ${verdict(synthetic.feedCached, 1500)}`,
    );
    console.log(
      `  statistics, request in a fresh process: ${verdict(synthetic.statisticsFresh, 50)}; cached: ${verdict(synthetic.statisticsCached, 50)}`,
    );
    console.log(
      `  rebuild of both in the import transaction: ${ms(synthetic.feedPublish + synthetic.statisticsPublish)}`,
    );
    console.log(
      `  feed republished after a ${count(UPLOAD_COLONIES)}-colony upload (parts) at ${count(synthetic.colonies)} colonies: ${ms(upload.republish)} vs full rebuild ${ms(synthetic.feedPublish)} (${ratio(synthetic.feedPublish / upload.republish)} faster); ${verdict(upload.republish, REPUBLISH_TARGET_MS)}; served feed identical to a full rebuild: ${upload.identical ? 'yes' : 'NO'}`,
    );
    console.log(
      `  thresholds of 1,000 colonies: one query per colony ${ms(nPlusOne.naive)}, batched ${ms(nPlusOne.batched)} (${ratio(nPlusOne.naive / nPlusOne.batched)} faster)`,
    );
  }
}

async function freshServerDatabase(baseUrl: string): Promise<DatabaseHandle> {
  const admin = await openDatabase({ kind: 'server', url: baseUrl });
  const name = `coral_bench_${process.pid}`;
  await sql.raw(`DROP DATABASE IF EXISTS ${name}`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  await admin.close();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'server', url: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const again = await openDatabase({ kind: 'server', url: baseUrl });
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(again.db);
      await again.close();
    },
  };
}
