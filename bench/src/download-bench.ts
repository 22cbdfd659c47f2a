import type { AddressInfo } from 'node:net';
import {
  DOWNLOAD_FILES,
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
import { syntheticDataset } from './synthetic-dataset';

/** A 100,000-colony download may raise the server's memory by at most this (issue 14). */
const MEMORY_BUDGET_MB = 100;
const MB = 1024 * 1024;

interface Figures {
  ms: number;
  bytes: number;
  /** Peak RSS during the download minus RSS before it. */
  peakMb: number;
}

/**
 * Downloads one file over real HTTP (the server streams; the client counts bytes and drops
 * them), sampling the process's resident memory every 10 ms. Server and client share the
 * process; the client holds one chunk at a time, so the growth is the server's.
 */
async function download(origin: string, path: string): Promise<Figures> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
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
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms: time, bytes, peakMb: (peak - before) / MB };
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
  // Warm-up: the first request of a process reads the published feed the map filters.
  await download(origin, downloadUrl(folder, DOWNLOAD_FILES.csv));
  const results = {} as Record<DownloadFormat, Figures>;
  for (const format of DOWNLOAD_FORMATS) {
    results[format] = await download(origin, downloadUrl(folder, DOWNLOAD_FILES[format]));
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
  await synthetic.db.transaction().execute((trx) => importAsPublished(trx, bundle));
  const large = await measure(synthetic);
  await synthetic.close();

  const rows: BenchRow[] = DOWNLOAD_FORMATS.flatMap((format): BenchRow[] => {
    const seed = baseline[format];
    const big = large[format];
    return [
      {
        label: `${format}: seed (682 colonies)`,
        values: {
          time: `${seed.ms.toFixed(0)} ms`,
          size: mb(seed.bytes),
          'peak memory +': `${seed.peakMb.toFixed(0)} MB`,
        },
      },
      {
        label: `${format}: ${count(options.colonies)} colonies`,
        values: {
          time: `${big.ms.toFixed(0)} ms`,
          size: mb(big.bytes),
          'peak memory +': `${big.peakMb.toFixed(0)} MB`,
          'ratio time': ratio(big.ms / seed.ms),
          'ratio size': ratio(big.bytes / seed.bytes),
          verdict: `${big.peakMb <= MEMORY_BUDGET_MB ? 'MEETS' : 'MISSES'} ≤ ${MEMORY_BUDGET_MB} MB`,
        },
      },
    ];
  });
  printTable('Open downloads of the whole map, embedded database (HTTP, streamed)', rows);
}
