import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { seedDatabase } from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { usersService } from '../../apps/server/src/modules/users/users.service';
import { count, ms, printTable, ratio, type BenchRow } from './report';
import { processUpload } from '../../apps/server/src/modules/uploads/upload-processor';
import {
  keepUpload,
  receiveUploadBytes,
} from '../../apps/server/src/modules/uploads/upload-storage';
import { uploadsRepository } from '../../apps/server/src/modules/uploads/uploads.repository';
import type { AppConfig } from '../../apps/server/src/config';
import type { AppDb } from '../../apps/server/src/db/schema';
import { watchEventLoop } from '../../apps/server/test/event-loop-watch';
import { freshServerDatabase, syntheticUpload } from './upload-bench';

/** Public calls a visitor makes while someone's upload is being imported. */
const PROBED_PATHS = [
  '/api/public/statistics/',
  '/api/public/projects/',
  '/api/public/biosamples/',
];
/** A new probe request this often (each waits for the previous one: one visitor clicking). */
const PROBE_INTERVAL_MS = 20;

interface Latencies {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  /** The longest time the event loop could not run anything else. */
  longestStall: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The visitor runs in a worker thread: a client on the server's own event loop would wait out
 * every stall before even sending, and so could not see it.
 */
const VISITOR_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let stop = false;
parentPort.on('message', () => { stop = true; });
const get = (path) => new Promise((resolve, reject) => {
  const request = http.get({ host: '127.0.0.1', port: workerData.port, path, agent }, (response) => {
    response.resume();
    response.on('end', () => response.statusCode === 200 ? resolve() : reject(new Error(path + ' answered ' + response.statusCode)));
  });
  request.on('error', reject);
});
(async () => {
  const times = [];
  for (let i = 0; !stop; i++) {
    const start = performance.now();
    await get(workerData.paths[i % workerData.paths.length]);
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
  }
  agent.destroy();
  parentPort.postMessage(times);
})();
`;

/** Sends the probe requests one after another until `until` settles; returns their latencies. */
async function probe(port: number, until: Promise<unknown>): Promise<Latencies> {
  const stopWatching = watchEventLoop();
  const visitor = new Worker(VISITOR_SOURCE, {
    eval: true,
    workerData: { port, paths: PROBED_PATHS, intervalMs: PROBE_INTERVAL_MS },
  });
  const measured = new Promise<number[]>((resolve, reject) => {
    visitor.once('message', resolve);
    visitor.once('error', reject);
  });
  await until;
  visitor.postMessage('stop');
  const times = await measured;
  await visitor.terminate();
  const longestStall = stopWatching();
  const sorted = times.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? 0,
    longestStall,
  };
}

/** Records a stored upload of the synthetic sheet; the import itself is `processUpload`. */
async function recordUpload(db: AppDb, config: AppConfig, ownerId: number, rows: number) {
  const files = syntheticUpload(rows);
  const storage = config.uploads.storageDir;
  const store = async (text: string) =>
    keepUpload(storage, await receiveUploadBytes(storage, new TextEncoder().encode(text)));
  return uploadsRepository.insert(db, {
    ownerId,
    main: { name: `synthetic_${rows}.csv`, ...(await store(files.main)) },
    ed: { name: 'ED50_Results.csv', ...(await store(files.ed)) },
    format: 'raw',
  });
}

async function importUpload(db: AppDb, config: AppConfig, uploadId: number) {
  const outcome = await processUpload({ db, config }, uploadId);
  if (outcome.status !== 'done') throw new Error(`not imported: ${JSON.stringify(outcome)}`);
}

/**
 * Decision 0028: public requests while an upload is imported in the same process (the default
 * single process, ROLE=all). The same probe runs first with nothing else going on (the baseline)
 * and then during the import of a synthetic raw CBASS sheet (BENCH_RESPONSIVENESS_ROWS, 56,000
 * rows by default: the sheet of the report), on PGlite and, with BENCH_DATABASE_URL, on
 * PostgreSQL. Target: p95 under 100 ms during the import.
 */
export async function runImportResponsivenessBench(): Promise<void> {
  const rows = Number(process.env.BENCH_RESPONSIVENESS_ROWS ?? 56_000);
  const targets: { name: string; open: () => Promise<DatabaseHandle> }[] = [
    { name: 'embedded PGlite', open: () => openDatabase({ kind: 'memory' }) },
  ];
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) {
    targets.push({ name: 'PostgreSQL server', open: () => freshServerDatabase(databaseUrl) });
  }
  for (const target of targets) await measureOn(target.name, target.open, rows);
}

async function measureOn(name: string, open: () => Promise<DatabaseHandle>, rows: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-responsiveness-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const handle = await open();
  try {
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, config.seedFile);
    const ownerId = await usersService.create(handle.db, 'bench-uploader', 'bench-password-2026');
    const app = await buildApp({ config, db: handle.db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    try {
      const uploadId = await recordUpload(handle.db, config, ownerId, rows);
      // warm-up: the first request of each path builds its per-data-version cache
      await probe(port, new Promise((resolve) => setTimeout(resolve, 500)));
      const idle = await probe(port, new Promise((resolve) => setTimeout(resolve, 3000)));
      // the probe starts before the import's first synchronous step
      const started = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() =>
        importUpload(handle.db, config, uploadId),
      );
      const importing = await probe(port, started);
      const row = (label: string, l: Latencies): BenchRow => ({
        label,
        values: {
          requests: count(l.requests),
          p50: ms(l.p50),
          p95: ms(l.p95),
          max: ms(l.max),
          'longest event-loop stall': ms(l.longestStall),
        },
      });
      printTable(`Public requests during an upload import (${name}, one process)`, [
        row('idle (baseline)', idle),
        row(`importing ${count(rows)} rows`, importing),
        {
          label: 'ratio',
          values: {
            p50: ratio(importing.p50 / idle.p50),
            p95: ratio(importing.p95 / idle.p95),
            max: ratio(importing.max / idle.max),
          },
        },
      ]);
      console.log(
        `  p95 during the import: ${importing.p95 <= 100 ? 'MEETS' : 'MISSES'} target ${ms(100)} (${ms(importing.p95)})`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/src/import-responsiveness-bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) await runImportResponsivenessBench();
