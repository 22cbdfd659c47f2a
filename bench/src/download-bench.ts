import type { AddressInfo } from 'node:net';
import {
  DOWNLOAD_FORMAT_IDS,
  DOWNLOAD_FORMATS,
  downloadFolders,
  downloadUrl,
  type DownloadFormat,
} from '@coral/core';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import {
  importAsPublished,
  seedDatabase,
} from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { count, printTable, ratio, timeIt, type BenchRow } from './report';
import { SYNTHETIC_SOURCE, syntheticDataset } from './synthetic-dataset';

/** A 100,000-colony download may raise the server's memory by at most this (decision 0015). */
const MEMORY_BUDGET_MB = 100;
const MB = 1024 * 1024;

interface Figures {
  ms: number;
  bytes: number;
  /** Peak resident memory during the download minus before it. */
  peakMb: number;
  /** Peak JavaScript heap (used) during the download minus before it. */
  heapMb: number;
}

/**
 * Downloads one file over real HTTP (the server streams; the client counts bytes and drops
 * them), sampling the process's resident memory every 10 ms. Server and client share the
 * process; the client holds one chunk at a time, so the growth is the server's.
 */
async function download(origin: string, path: string): Promise<Figures> {
  // With NODE_OPTIONS=--expose-gc, every download starts from a collected heap.
  global.gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let heapPeak = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  let bytes = 0;
  const time = await timeIt(async () => {
    const response = await fetch(`${origin}${path}`);
    if (!response.ok || !response.body) throw new Error(`${path}: HTTP ${response.status}`);
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      bytes += read.value.byteLength;
    }
  });
  clearInterval(sampler);
  sample();
  global.gc?.();
  if (global.gc && process.env.BENCH_VERBOSE) {
    const retained = (process.memoryUsage().heapUsed - before.heapUsed) / MB;
    console.log(`  ${path}: heap retained after the download ${retained.toFixed(1)} MB`);
  }
  return {
    ms: time,
    bytes,
    peakMb: (peak - before.rss) / MB,
    heapMb: (heapPeak - before.heapUsed) / MB,
  };
}

async function measure(handle: DatabaseHandle): Promise<Record<DownloadFormat, Figures>> {
  const config = loadConfig({
    NODE_ENV: 'test',
    // The bench is one anonymous client downloading many times.
    DOWNLOAD_MAX_ANONYMOUS_PER_WINDOW: '100000',
  });
  const app = await buildApp({ config, db: handle.db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const folder = downloadFolders.map();
  // Each format twice: the first download also warms the embedded database's page cache (memory
  // of the database, in this process only because PGlite is embedded); the worse of the two counts.
  const results = {} as Record<DownloadFormat, Figures>;
  for (const format of DOWNLOAD_FORMAT_IDS) {
    const first = await download(origin, downloadUrl(folder, DOWNLOAD_FORMATS[format].file));
    const again = await download(origin, downloadUrl(folder, DOWNLOAD_FORMATS[format].file));
    results[format] = {
      ms: again.ms,
      bytes: again.bytes,
      peakMb: Math.max(first.peakMb, again.peakMb),
      heapMb: Math.max(first.heapMb, again.heapMb),
    };
  }
  await app.close();
  return results;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** `npm run bench` (BENCH_ONLY=downloads): every format for the seed and a synthetic size. */
export async function runDownloadBench(options: { colonies: number }) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const seeded = await openDatabase({ kind: 'memory' });
  await migrateToLatest(seeded.db);
  await seedDatabase(seeded.db, config.seedFile);
  const baseline = await measure(seeded);
  await seeded.close();

  const synthetic = await openDatabase({ kind: 'memory' });
  await migrateToLatest(synthetic.db);
  const bundle = syntheticDataset({ colonies: options.colonies, projects: 40 });
  await synthetic.db
    .transaction()
    .execute((trx) => importAsPublished(trx, bundle, SYNTHETIC_SOURCE));
  const large = await measure(synthetic);
  await synthetic.close();

  const rows: BenchRow[] = DOWNLOAD_FORMAT_IDS.flatMap((format): BenchRow[] => {
    const seed = baseline[format];
    const big = large[format];
    return [
      {
        label: `${format}: seed (682 colonies)`,
        values: {
          time: `${seed.ms.toFixed(0)} ms`,
          size: mb(seed.bytes),
          'peak RSS +': `${seed.peakMb.toFixed(0)} MB`,
          'peak heap +': `${seed.heapMb.toFixed(0)} MB`,
        },
      },
      {
        label: `${format}: ${count(options.colonies)} colonies`,
        values: {
          time: `${big.ms.toFixed(0)} ms`,
          size: mb(big.bytes),
          'peak RSS +': `${big.peakMb.toFixed(0)} MB`,
          'peak heap +': `${big.heapMb.toFixed(0)} MB`,
          'colonies/s': count(Math.round(options.colonies / (big.ms / 1000))),
          'ratio time': ratio(big.ms / seed.ms),
          'ratio size': ratio(big.bytes / seed.bytes),
          verdict: `${big.peakMb <= MEMORY_BUDGET_MB ? 'MEETS' : 'MISSES'} ≤ ${MEMORY_BUDGET_MB} MB`,
        },
      },
    ];
  });
  printTable('Open downloads of the whole map, embedded database (HTTP, streamed)', rows);
}
