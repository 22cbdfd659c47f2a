import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { thresholdKindInfos } from '@coral/core';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { usersService } from '../../apps/server/src/modules/users/users.service';
import { count, ms, printTable, ratio, type BenchRow } from './report';
import { freshServerDatabase } from './upload-bench';
import { listenOnSeeded, openSeededDatabase } from './seeded-app';

/**
 * Decision 0036, "Scale by design": the seed's calls as a browser makes them — over a real TCP port,
 * on keep-alive connections, asking for gzip — timed by a client in a worker thread (its own
 * event loop, so the server's work is not mixed into the client's). Targets are a tenth of the
 * original platform's medians on the same machine (Coral Future, persistent database connections):
 * statistics, projects and max-min 8–12 ms, biosamples 73 ms, GET cart of 682 colonies 149 ms,
 * cart export 1,823 ms, project 61 1,201 ms.
 */

interface Call {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  /** Server time target of the median, ms. */
  targetMs: number;
  headers?: Record<string, string>;
  body?: string;
}

interface Timing {
  label: string;
  n: number;
  p50: number;
  p95: number;
  bytes: number;
}

/** Throughput target of the embedded database relative to a PostgreSQL server (decision 0036). */
const THROUGHPUT_TARGET = 0.8;
const LOAD_CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 8);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
/** Each call is timed this many times (fewer when one takes long), after warm-up requests. */
const REPEATS = 200;
const WARM_UP = 10;
const TIME_BUDGET_MS = 4000;

/**
 * The client. `latency`: each call alone, one after another on one keep-alive connection.
 * `load`: `clients` connections each sending the calls round-robin, as fast as answered, for
 * `seconds`. Every answer must be 200 and is read to its end.
 */
const CLIENT_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, mode, calls, repeats, warmUp, budgetMs, clients, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: mode === 'load' ? clients : 1 });
const send = (call) => new Promise((resolve, reject) => {
  const request = http.request(
    { host: '127.0.0.1', port, method: call.method, path: call.path, agent,
      headers: { 'accept-encoding': 'gzip', ...(call.headers || {}) } },
    (response) => {
      let bytes = 0;
      response.on('data', (chunk) => { bytes += chunk.length; });
      response.on('end', () => response.statusCode === 200
        ? resolve(bytes)
        : reject(new Error(call.method + ' ' + call.path + ' answered ' + response.statusCode)));
      response.on('error', reject);
    });
  request.on('error', reject);
  request.end(call.body);
});
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
async function latency() {
  const results = [];
  for (const call of calls) {
    for (let i = 0; i < warmUp; i++) await send(call);
    const times = [];
    let bytes = 0;
    const started = performance.now();
    while (times.length < repeats && (times.length < 5 || performance.now() - started < budgetMs)) {
      const start = performance.now();
      bytes = await send(call);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    results.push({ label: call.label, n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), bytes });
  }
  return results;
}
async function load() {
  for (const call of calls) await send(call);
  let done = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let i = c; performance.now() < end; i++) {
      await send(calls[i % calls.length]);
      done++;
    }
  }));
  return { requests: done, seconds: (performance.now() - started) / 1000 };
}
(mode === 'load' ? load() : latency()).then(
  (result) => { agent.destroy(); parentPort.postMessage({ result }); },
  (error) => { agent.destroy(); parentPort.postMessage({ error: error.message }); },
);
`;

function runClient<T>(workerData: Record<string, unknown>): Promise<T> {
  const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData });
  return new Promise<T>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { result?: T; error?: string }) => {
      void worker.terminate();
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.result as T);
    });
  });
}

const cookieValue = (setCookie: string[], name: string) => {
  const found = setCookie.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${setCookie.join(' | ')}`);
  return found.slice(name.length + 1).split(';')[0]!;
};

/**
 * A researcher as the web app makes one: CSRF cookie, login, then one cart group holding every
 * public colony of the seed (POST /api/auth/cart/). Returns the headers of their requests.
 */
async function researcherWithCart(base: string, db: DatabaseHandle['db']) {
  const password = 'bench-password-2026';
  await usersService.create(db, 'bench-researcher', password);
  const csrfAnswer = await fetch(`${base}/api/auth/csrf/`);
  const csrf = cookieValue(csrfAnswer.headers.getSetCookie(), 'csrftoken');
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrf,
      cookie: `csrftoken=${csrf}`,
    },
    body: JSON.stringify({ username: 'bench-researcher', password }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const session = cookieValue(login.headers.getSetCookie(), 'sessionid');
  // The CSRF token is bound to the session: the one of the new session, as the web app does.
  const sessionCsrfAnswer = await fetch(`${base}/api/auth/csrf/`, {
    headers: { cookie: `sessionid=${session}` },
  });
  const sessionCsrf = cookieValue(sessionCsrfAnswer.headers.getSetCookie(), 'csrftoken');
  const headers = {
    cookie: `csrftoken=${sessionCsrf}; sessionid=${session}`,
    'x-csrftoken': sessionCsrf,
  };
  const feed = (await (await fetch(`${base}/api/public/colonies/`)).json()) as { id: number }[];
  const added = await fetch(`${base}/api/auth/cart/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'every seed colony',
      colony_ids: feed.map((c) => c.id),
      filter_params: {},
    }),
  });
  if (added.status !== 201) throw new Error(`cart: ${added.status} ${await added.text()}`);
  const { group_id: groupId } = (await added.json()) as { group_id: number };
  return { headers, groupId, colonies: feed.length };
}

function publicCalls(): Call[] {
  return [
    { label: 'statistics', method: 'GET', path: '/api/public/statistics/', targetMs: 1 },
    { label: 'projects', method: 'GET', path: '/api/public/projects/', targetMs: 1 },
    ...thresholdKindInfos.map(({ maxMinPath }): Call => ({
      label: `${maxMinPath} max-min`,
      method: 'GET',
      path: `/api/public/${maxMinPath}/max-min/`,
      targetMs: 1,
    })),
    { label: 'biosamples', method: 'GET', path: '/api/public/biosamples/', targetMs: 7 },
    { label: 'project 61', method: 'GET', path: '/api/public/projects/61/', targetMs: 12 },
  ];
}

interface Measured {
  timings: Timing[];
  calls: Call[];
  throughput: number;
}

async function measureOn(name: string, open: () => Promise<DatabaseHandle>): Promise<Measured> {
  const seeded = await openSeededDatabase(open);
  const { handle } = seeded;
  try {
    const server = await listenOnSeeded(seeded);
    const { port } = server;
    try {
      const cart = await researcherWithCart(`http://127.0.0.1:${port}`, handle.db);
      const calls: Call[] = [
        ...publicCalls(),
        {
          label: `GET cart (${cart.colonies} colonies)`,
          method: 'GET',
          path: '/api/auth/cart/',
          targetMs: 15,
          headers: cart.headers,
        },
        {
          label: 'cart export (CSV)',
          method: 'POST',
          path: '/api/auth/cart/export/',
          targetMs: 20,
          headers: { ...cart.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ group_ids: [cart.groupId] }),
        },
      ];
      const timings = await runClient<Timing[]>({
        port,
        mode: 'latency',
        calls,
        repeats: REPEATS,
        warmUp: WARM_UP,
        budgetMs: TIME_BUDGET_MS,
      });
      const load = await runClient<{ requests: number; seconds: number }>({
        port,
        mode: 'load',
        calls: publicCalls(),
        clients: LOAD_CLIENTS,
        seconds: LOAD_SECONDS,
      });
      const throughput = load.requests / load.seconds;
      printTable(`Seed API, keep-alive over loopback (${name})`, [
        ...timings.map((t, i): BenchRow => ({
          label: t.label,
          values: {
            requests: count(t.n),
            p50: ms(t.p50),
            p95: ms(t.p95),
            'bytes (gzip)': count(t.bytes),
            target: ms(calls[i]!.targetMs),
            verdict: t.p50 <= calls[i]!.targetMs ? 'MEETS' : 'MISSES',
          },
        })),
      ]);
      for (const [i, t] of timings.entries()) {
        const target = calls[i]!.targetMs;
        console.log(
          `  ${t.label}: p50 ${ms(t.p50)} ${t.p50 <= target ? 'MEETS' : 'MISSES'} target ${ms(target)} (${name})`,
        );
      }
      console.log(
        `  public calls under load (${LOAD_CLIENTS} keep-alive clients, ${LOAD_SECONDS} s, round-robin): ` +
          `${count(Math.round(throughput))} req/s (${name})`,
      );
      return { timings, calls, throughput };
    } finally {
      await server.close();
    }
  } finally {
    await seeded.close();
  }
}

/**
 * BENCH_ONLY=seed-api. On the embedded database as `npm start` opens it (PGlite in DATA_DIR) and,
 * with BENCH_DATABASE_URL, on a PostgreSQL server; then the throughput ratio of the two.
 */
export async function runSeedApiBench(options: { databaseUrl?: string }) {
  const cpus = os.cpus();
  console.log(
    `\nSeed API bench: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at start`,
  );
  const embedded = await measureOn('embedded PGlite', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-seed-api-pglite-'));
    const handle = await openDatabase({ kind: 'embedded', dataDir: dir });
    return {
      ...handle,
      async close() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });
  if (!options.databaseUrl) return;
  const url = options.databaseUrl;
  const server = await measureOn('PostgreSQL server', async () => {
    const handle = await freshServerDatabase(url);
    return handle;
  });
  const share = embedded.throughput / server.throughput;
  console.log(
    `  throughput embedded / PostgreSQL: ${ratio(share)} (${count(Math.round(embedded.throughput))} / ` +
      `${count(Math.round(server.throughput))} req/s): ${share >= THROUGHPUT_TARGET ? 'MEETS' : 'MISSES'} ` +
      `target ≥ ${Math.round(THROUGHPUT_TARGET * 100)} %; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at end`,
  );
}

// `npx tsx bench/src/seed-api-bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  await runSeedApiBench({ databaseUrl: process.env.BENCH_DATABASE_URL });
}
