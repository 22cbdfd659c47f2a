import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig, repoRoot } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import {
  importAsPublished,
  seedDatabase,
} from '../../apps/server/src/modules/datasets/dataset-seed.service';
import type { DatasetBundle } from '@coral/core';
import type { AppDb } from '../../apps/server/src/db/schema';
import { count, median, ms, printTable, ratio, timeIt, type BenchRow } from './report';
import { SYNTHETIC_SOURCE, syntheticDataset } from './synthetic-dataset';

const importSynthetic = (db: AppDb, bundle: DatasetBundle) =>
  db.transaction().execute((trx) => importAsPublished(trx, bundle, SYNTHETIC_SOURCE));

/**
 * Decision 0036's scale figures on a PostgreSQL server: the 682-colony seed and 100,000 colonies as
 * baselines, then BENCH_SCALE_COLONIES (default 1,000,000). For each size: the import (one
 * transaction, read models published in it), the p50 of filtered public API calls over
 * keep-alive HTTP against a real server process (ROLE=api, its own process so that its memory
 * is its own), the republish after a 1,000-colony upload, and the server's peak RSS. Before
 * that, the import alone on the embedded database at up to 100,000 colonies. Imports print where
 * their time goes (ImportProfile).
 */
const TARGETS = {
  importMs: 120_000,
  apiP50Ms: 200,
  republishMs: 1_000,
  rssMb: 1_024,
};
const WARMUP = 3;
const REPEATS = 25;

/** The calls measured: public, filtered where the API filters (the map's filter parameters). */
export const SCALE_CALLS: { label: string; path: string }[] = [
  { label: 'statistics', path: '/api/public/statistics/' },
  { label: 'projects', path: '/api/public/projects/' },
  { label: 'ED50 max-min', path: '/api/public/thermal-tolerances/max-min/' },
  {
    label: 'colonies, one species, first 100',
    path: '/api/public/colonies/?species=Porites%20lobata&limit=100',
  },
  {
    label: 'colonies, ED50 range and flagged hidden, first 100',
    path: '/api/public/colonies/?absThermalTolerance=36,37&hideFlagged=true&limit=100',
  },
  {
    label: 'map clusters, world view',
    path: '/api/public/colonies/clusters/?zoom=2&bbox=-180,-85,180,85',
  },
  {
    label: 'map clusters, one species, world view',
    path: '/api/public/colonies/clusters/?species=Porites%20lobata&zoom=2&bbox=-180,-85,180,85',
  },
  {
    label: 'biosamples, one species, first 100',
    path: '/api/public/biosamples/?species=Porites%20lobata&limit=100',
  },
  {
    label: 'biosamples, ED50 range, first 100',
    path: '/api/public/biosamples/?absThermalTolerance=36,37&limit=100',
  },
];

/**
 * Whole lists (no `limit`): at a million colonies longer than one string holds, so built or sent
 * in pieces. Timed the first time in a data version (built) and again, with the bytes a client
 * receives (inflated); no target, but each must answer.
 */
export const WHOLE_LISTS: { label: string; path: string }[] = [
  {
    label: 'colonies, one species, whole list',
    path: '/api/public/colonies/?species=Porites%20lobata',
  },
  {
    label: 'colonies, ED50 range and flagged hidden, whole list',
    path: '/api/public/colonies/?absThermalTolerance=36,37&hideFlagged=true',
  },
  { label: 'biosamples, whole list', path: '/api/public/biosamples/' },
  {
    label: 'biosamples, one species, whole list',
    path: '/api/public/biosamples/?species=Porites%20lobata',
  },
];

interface SizeResult {
  colonies: number;
  generateMs: number;
  importMs: number;
  importParts: ImportParts;
  calls: Map<string, number>;
  /** Calls that did not answer 200, with what they answered instead: reported, not fatal. */
  failures: Map<string, string>;
  /** Per whole list: first and second answer's times and its size, or how it failed. */
  wholeLists: Map<string, string>;
  republishMs: number;
  peakRssMb: number;
}

export async function runScaleBench(options: { databaseUrl?: string; colonies: number }) {
  await measureEmbeddedImport(Math.min(EMBEDDED_IMPORT_COLONIES, options.colonies));
  if (!options.databaseUrl) {
    console.log(
      '\nScale (decision 0036): skipped, it measures a PostgreSQL server: set BENCH_DATABASE_URL.',
    );
    return;
  }
  const sizes = [...new Set([0, Math.min(100_000, options.colonies), options.colonies])];
  const results: SizeResult[] = [];
  for (const size of sizes) results.push(await measureSize(options.databaseUrl, size));

  const row = (label: string, pick: (r: SizeResult) => string): BenchRow => ({
    label,
    values: Object.fromEntries(results.map((r) => [`${count(r.colonies)} colonies`, pick(r)])),
  });
  const part = (label: string, pick: (p: ImportParts) => number) =>
    row(
      `  ${label}`,
      (r) => `${ms(pick(r.importParts))} (${share(pick(r.importParts), r.importMs)})`,
    );
  printTable('Scale on a PostgreSQL server (decision 0036)', [
    row('synthetic data generated (not part of the import)', (r) => ms(r.generateMs)),
    row('import (one transaction, with publishing)', (r) => ms(r.importMs)),
    part('rows sent with COPY', (p) => p.copyMs),
    part('ids reserved', (p) => p.idsMs),
    part('indexes and foreign keys made after the load', (p) => p.rebuildMs),
    part('ANALYZE', (p) => p.analyzeMs),
    part('read models published (feed parts, statistics)', (p) => p.publishMs),
    part('the rest (rows made from the bundle, versions, other SQL)', (p) => p.restMs),
    ...SCALE_CALLS.map(({ label }) =>
      row(`p50 ${label}`, (r) => r.failures.get(label) ?? ms(r.calls.get(label)!)),
    ),
    ...WHOLE_LISTS.map(({ label }) => row(label, (r) => r.wholeLists.get(label)!)),
    row('1,000-colony upload: import and republish', (r) => ms(r.republishMs)),
    row('server peak RSS', (r) => `${count(Math.round(r.peakRssMb))} MB`),
  ]);
  const largest = results.at(-1)!;
  const seed = results[0]!;
  const verdict = (value: number, target: number, unit: (v: number) => string) =>
    `${unit(value)}: ${value <= target ? 'MEETS' : 'MISSES'} target ${unit(target)}`;
  const mb = (v: number) => `${count(Math.round(v))} MB`;
  console.log(`  At ${count(largest.colonies)} colonies:`);
  console.log(`    import: ${verdict(largest.importMs, TARGETS.importMs, ms)}`);
  for (const { label } of SCALE_CALLS) {
    const failure = largest.failures.get(label);
    if (failure) {
      console.log(`    ${label}: ${failure}: MISSES target ${ms(TARGETS.apiP50Ms)}`);
      continue;
    }
    const value = largest.calls.get(label)!;
    console.log(
      `    ${label}: ${verdict(value, TARGETS.apiP50Ms, ms)} (${ratio(value / seed.calls.get(label)!)} the seed's)`,
    );
  }
  console.log(
    `    1,000-colony upload, import and republish: ${verdict(largest.republishMs, TARGETS.republishMs, ms)}`,
  );
  console.log(`    server peak RSS: ${verdict(largest.peakRssMb, TARGETS.rssMb, mb)}`);
}

async function measureSize(baseUrl: string, colonies: number): Promise<SizeResult> {
  const profile = new ImportProfile();
  const database = await freshDatabase(baseUrl, profile);
  try {
    let bundle: DatasetBundle | null = null;
    const generateMs =
      colonies === 0
        ? 0
        : await timeIt(async () => (bundle = syntheticDataset({ colonies, projects: 40 })));
    profile.start();
    const importMs =
      colonies === 0
        ? await timeIt(() =>
            seedDatabase(database.handle.db, loadConfig({ NODE_ENV: 'test' }).seedFile),
          )
        : await timeIt(() => importSynthetic(database.handle.db, bundle!));
    const importParts = profile.stop(importMs);
    bundle = null;
    // Printed at once: a later step failing at this size must not lose the import's figures.
    console.log(
      `  ${colonies === 0 ? 'the seed' : `${count(colonies)} colonies`} imported on PostgreSQL in ${ms(importMs)}: ${Object.entries(
        importParts as unknown as Record<string, number>,
      )
        .map(([part, value]) => `${part.replace(/Ms$/, '')} ${ms(value)}`)
        .join(', ')}`,
    );
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM colonies`.execute(
      database.handle.db,
    );
    const server = await startServer(database.url);
    try {
      const calls = new Map<string, number>();
      const failures = new Map<string, string>();
      for (const call of SCALE_CALLS) {
        try {
          calls.set(call.label, await p50(server.origin + call.path));
        } catch (error) {
          failures.set(call.label, `failed (${(error as Error).message.replace(/^.*: /, '')})`);
        }
      }
      const wholeLists = new Map<string, string>();
      for (const list of WHOLE_LISTS) {
        wholeLists.set(list.label, await firstAndAgain(server.origin + list.path));
      }
      const upload = syntheticDataset({ colonies: 1_000, projects: 1, seed: 7 });
      const republishMs = await timeIt(() => importSynthetic(database.handle.db, upload));
      // The server serves the new version once: what a visitor after the upload costs it.
      for (const call of SCALE_CALLS) {
        if (!failures.has(call.label)) await fetchOk(server.origin + call.path);
      }
      return {
        colonies: rows[0]!.n,
        generateMs,
        importMs,
        importParts,
        calls,
        failures,
        wholeLists,
        republishMs,
        peakRssMb: server.peakRssMb(),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/** The embedded database's import is measured at this size (it holds one core). */
const EMBEDDED_IMPORT_COLONIES = 100_000;

/**
 * The same import on the embedded database (PGlite in a data directory, as `ROLE=all` runs it),
 * with the same breakdown: what the README's scale section states for it.
 */
async function measureEmbeddedImport(colonies: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-scale-embedded-'));
  const profile = new ImportProfile();
  const handle = await openDatabase(
    { kind: 'embedded', dataDir },
    { onQuery: (text, durationMs) => profile.record(text, durationMs) },
  );
  try {
    await migrateToLatest(handle.db);
    const bundle = syntheticDataset({ colonies, projects: 40 });
    profile.start();
    const importMs = await timeIt(() => importSynthetic(handle.db, bundle));
    const parts = profile.stop(importMs);
    const line = (label: string, value: number) => ({
      label,
      values: { [`${count(colonies)} colonies`]: `${ms(value)} (${share(value, importMs)})` },
    });
    printTable('Import on the embedded database (PGlite, data directory)', [
      {
        label: 'import (one transaction, with publishing)',
        values: { [`${count(colonies)} colonies`]: ms(importMs) },
      },
      line('  rows sent with COPY', parts.copyMs),
      line('  ids reserved', parts.idsMs),
      line('  indexes and foreign keys made after the load', parts.rebuildMs),
      line('  ANALYZE', parts.analyzeMs),
      line('  read models published (feed parts, statistics)', parts.publishMs),
      line('  the rest (rows made from the bundle, versions, other SQL)', parts.restMs),
    ]);
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ImportParts {
  copyMs: number;
  idsMs: number;
  rebuildMs: number;
  analyzeMs: number;
  publishMs: number;
  restMs: number;
}

/**
 * Where an import's time goes, from the durations of its statements: COPY (the rows, encoded as
 * they are sent), id reservations, the indexes and foreign keys a bulk load makes afterwards
 * (db/bulk-load.ts), ANALYZE, and the read models' publication, timed from the data version's
 * bump (its first statement) to the end. The rest is JavaScript between statements and small SQL.
 */
class ImportProfile {
  private recording = false;
  private startedAt = 0;
  private publishStartedAt: number | null = null;
  private parts = { copyMs: 0, idsMs: 0, rebuildMs: 0, analyzeMs: 0 };

  start() {
    this.recording = true;
    this.startedAt = performance.now();
    this.publishStartedAt = null;
    this.parts = { copyMs: 0, idsMs: 0, rebuildMs: 0, analyzeMs: 0 };
  }

  record(text: string, durationMs: number) {
    if (!this.recording) return;
    const statement = text.trimStart();
    if (statement.startsWith('COPY ')) this.parts.copyMs += durationMs;
    else if (statement.includes('nextval(')) this.parts.idsMs += durationMs;
    else if (/^(CREATE INDEX|ALTER TABLE .* ADD CONSTRAINT)/s.test(statement)) {
      this.parts.rebuildMs += durationMs;
    } else if (statement.startsWith('ANALYZE')) this.parts.analyzeMs += durationMs;
    else if (
      this.publishStartedAt === null &&
      /^UPDATE dataset_state\s+SET version/.test(statement)
    ) {
      this.publishStartedAt = performance.now() - durationMs;
    }
  }

  stop(totalMs: number): ImportParts {
    this.recording = false;
    const publishMs =
      this.publishStartedAt === null ? 0 : this.startedAt + totalMs - this.publishStartedAt;
    const { copyMs, idsMs, rebuildMs, analyzeMs } = this.parts;
    const restMs = totalMs - copyMs - idsMs - rebuildMs - analyzeMs - publishMs;
    return { copyMs, idsMs, rebuildMs, analyzeMs, publishMs, restMs };
  }
}

const share = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;

async function p50(url: string): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await fetchOk(url);
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) times.push(await timeIt(() => fetchOk(url)));
  return median(times);
}

/** A whole list's first answer in its data version, a second one, and its size; or its failure. */
async function firstAndAgain(url: string): Promise<string> {
  try {
    let bytes = 0;
    const first = await timeIt(async () => (bytes = await fetchOk(url)));
    const again = await timeIt(() => fetchOk(url));
    return `${ms(first)} first, ${ms(again)} again, ${(bytes / 1e6).toFixed(1)} MB`;
  } catch (error) {
    return `failed (${(error as Error).message.replace(/^.*: /, '')})`;
  }
}

/** Node's fetch keeps connections alive (undici's pool), as a browser does. */
async function fetchOk(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  // Counted as it comes (inflated by fetch), not held: a whole list can be hundreds of MB.
  let bytes = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    bytes += read.value.length;
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return bytes;
}

async function freshDatabase(baseUrl: string, profile: ImportProfile) {
  const admin = await openDatabase({ kind: 'server', url: baseUrl });
  const name = `coral_scale_${process.pid}`;
  await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  await admin.close();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle: DatabaseHandle = await openDatabase(
    { kind: 'server', url: url.toString() },
    { onQuery: (text, durationMs) => profile.record(text, durationMs) },
  );
  await migrateToLatest(handle.db);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const again = await openDatabase({ kind: 'server', url: baseUrl });
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(again.db);
      await again.close();
    },
  };
}

/** The real server in its own process (ROLE=api, production settings) on a free port. */
export async function startServer(databaseUrl: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SESSION_SECRET: 'scale-bench-secret-scale-bench-secret',
        DATABASE_URL: databaseUrl,
        ROLE: 'api',
        SEED: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        ED50_PORT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilServing(origin, child);
  return {
    origin,
    /** VmHWM: the most memory the process has held (resident), in MB. */
    peakRssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntilServing(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/public/statistics/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 2 minutes');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
