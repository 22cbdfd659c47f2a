import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import {
  importAsPublished,
  seedDatabase,
} from '../../apps/server/src/modules/datasets/dataset-seed.service';
import {
  reportBrowserMode,
  reportServerMode,
  type LoadTimes,
  type Measured,
  type Mode,
  type SizeResult,
} from './map-bench-report';
import { timeIt } from './report';
import { SYNTHETIC_SOURCE, syntheticDataset } from './synthetic-dataset';

/**
 * The map in a real browser (Debian's Chromium through playwright-core) against the production
 * build served by the real server, on the real seed (baseline), on 100,000 synthetic colonies
 * (baseline, decision 0036) and on BENCH_COLONIES (default 100,000), in its two modes:
 *
 * Browser mode (the whole feed, filtered and clustered in the browser):
 * - data arrival → clusters visible: from the end of the colonies response (resource timing)
 *   to the first frame after the app's `map:clusters-rendered` mark (parsing the JSON, building
 *   the map model, filtering, clustering and drawing markers), target 1.5 s;
 * - filter re-render: from the click on 'Apply Filters (N)' (or the trash) to the first frame
 *   after the markers were redrawn, target 150 ms;
 * - panning: the longest gap between animation frames while dragging the map, target 200 ms.
 *
 * Server mode (decision 0039: MAP_SERVER_CLUSTERING_FROM=0, the markers of each view from
 * GET /api/public/colonies/clusters/, no feed), with the issue's targets:
 * - page start → first clusters: navigation start to the first frame after the first
 *   `map:clusters-rendered`, target < 1 s (median of 3 loads; the first load after the server
 *   started, which builds the server's model, is printed beside it);
 * - a filter applied: click → first frame after the new markers were drawn, target < 100 ms;
 * - panning: the longest frame gap while dragging (each drag's end asks for markers), < 50 ms.
 *
 * The browser mode is measured up to BENCH_MAP_BROWSER_MAX colonies (default 200,000): beyond,
 * the whole feed is what the server mode exists to avoid. With BENCH_DATABASE_URL set, every
 * size runs on a fresh database of that PostgreSQL server (1,000,000 colonies is decision 0036's
 * size); otherwise on the embedded database, in memory. CHROMIUM_PATH sets the browser.
 */
const LOAD_RUNS = 3;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's settings: the threshold puts the map in the mode measured whatever the size. */
const configFor = (mode: Mode) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MAP_SERVER_CLUSTERING_FROM: mode === 'server' ? '0' : String(Number.MAX_SAFE_INTEGER),
  });

/** A grey 1×1 PNG for every map tile: nothing leaves the machine. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGPYAAAAgQCAHXVYXQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Runs in the page before the app: the first frame after each `map:clusters-rendered` gets a
 * `bench:clusters-painted` mark, every click a `bench:click` mark, and long animation frames
 * are kept.
 */
function instrumentPage() {
  const w = window as unknown as { benchLongFrames: number[] };
  w.benchLongFrames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'map:clusters-rendered') continue;
      requestAnimationFrame(() => setTimeout(() => performance.mark('bench:clusters-painted'), 0));
    }
  }).observe({ type: 'mark' });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.benchLongFrames.push(entry.duration);
    }).observe({ type: 'long-animation-frame' });
  } catch {
    // Long animation frames are a Chromium feature; the rAF gaps are measured anyway.
  }
  document.addEventListener('click', () => performance.mark('bench:click'), true);
}

async function newPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === baseUrl) return route.fallback();
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  const page = await context.newPage();
  // tsx (esbuild) wraps named functions in `__name(…)`; the page needs it for evaluated code.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(instrumentPage);
  return page;
}

const markCount = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n).length, name);

async function waitForMark(page: Page, name: string, atLeast: number) {
  await page.waitForFunction(
    ([n, k]) => performance.getEntriesByName(n).length >= k,
    [name, atLeast] as const,
    { timeout: 120_000, polling: 20 },
  );
}

async function measureLoad(browser: Browser, baseUrl: string): Promise<LoadTimes> {
  const page = await newPage(browser, baseUrl);
  await page.goto(`${baseUrl}/map`);
  await waitForMark(page, 'bench:clusters-painted', 1);
  const times = await page.evaluate(() => {
    const painted = performance.getEntriesByName('bench:clusters-painted')[0]!.startTime;
    const data = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (r) =>
        new URL(r.name).pathname.startsWith('/api/public/colonies/') && r.responseEnd <= painted,
    );
    const feed = data.find((r) => new URL(r.name).pathname === '/api/public/colonies/');
    const loaded = performance.getEntriesByName('map:colonies-loaded')[0];
    return {
      startToClusters: painted,
      arrivalToClusters: feed ? painted - feed.responseEnd : null,
      parse: feed && loaded ? loaded.startTime - feed.responseEnd : null,
      dataBytes: data.reduce((sum, r) => sum + r.encodedBodySize, 0),
    };
  });
  await page.context().close();
  return times;
}

/** Click → first frame after the markers were redrawn. */
async function timeClick(page: Page, click: () => Promise<void>): Promise<number> {
  const clicks = await markCount(page, 'bench:click');
  const painted = await markCount(page, 'bench:clusters-painted');
  await click();
  await waitForMark(page, 'bench:clusters-painted', painted + 1);
  return page.evaluate((k) => {
    const click = performance.getEntriesByName('bench:click')[k]!.startTime;
    return performance.getEntriesByName('bench:clusters-painted').at(-1)!.startTime - click;
  }, clicks);
}

async function setSlider(page: Page, name: string, value: number) {
  await page.getByRole('slider', { name }).evaluate((element, v) => {
    const input = element as HTMLInputElement;
    // The prototype's setter, so that React sees a changed value (as after a drag).
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

async function measureFilters(page: Page): Promise<Measured['filters']> {
  const apply = page.getByRole('button', { name: /^Apply Filters \(\d+\)$/ });
  const shown = async () => page.locator('.map-count').innerText();
  const results: Measured['filters'] = [];
  const species = (await page.getByLabel('Species').locator('option').nth(1).textContent())!;
  const project = (await page.getByLabel('Project').locator('option').nth(1).textContent())!;
  const steps: [string, () => Promise<void>][] = [
    [
      `species = ${species}`,
      async () => void (await page.getByLabel('Species').selectOption(species)),
    ],
    ['reset (trash)', async () => undefined],
    [
      `project = ${project}`,
      async () => void (await page.getByLabel('Project').selectOption(project)),
    ],
    ['reset (trash)', async () => undefined],
    [
      'ED50 35–38 °C',
      async () => {
        await setSlider(page, 'ED50 (Thermal Tolerance) minimum', 35);
        await setSlider(page, 'ED50 (Thermal Tolerance) maximum', 38);
      },
    ],
    ['reset (trash)', async () => undefined],
  ];
  for (const [label, prepare] of steps) {
    await prepare();
    const button = label.startsWith('reset')
      ? page.getByRole('button', { name: 'Reset all filters' })
      : apply;
    const time = await timeClick(page, () => button.click());
    results.push({ label, ms: time, shown: await shown() });
  }
  return results;
}

/** Three drags across the map; the longest frame gap and long animation frame meanwhile. */
async function measurePan(page: Page): Promise<{ frame: number; longAnimationFrame: number }> {
  await page.evaluate(() => {
    const w = window as unknown as {
      benchPan: { max: number; running: boolean };
      benchLongFrames: number[];
    };
    w.benchLongFrames = [];
    w.benchPan = { max: 0, running: true };
    let last = performance.now();
    const tick = (now: number) => {
      w.benchPan.max = Math.max(w.benchPan.max, now - last);
      last = now;
      if (w.benchPan.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const box = (await page.locator('.map-canvas').boundingBox())!;
  const start = { x: box.x + box.width * 0.65, y: box.y + box.height * 0.5 };
  for (const [dx, dy] of [
    [-350, 0],
    [300, 150],
    [0, -250],
  ] as const) {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 1; i <= 25; i++) {
      await page.mouse.move(start.x + (dx * i) / 25, start.y + (dy * i) / 25);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    await page.waitForTimeout(300);
  }
  return page.evaluate(() => {
    const w = window as unknown as {
      benchPan: { max: number; running: boolean };
      benchLongFrames: number[];
    };
    w.benchPan.running = false;
    return { frame: w.benchPan.max, longAnimationFrame: Math.max(0, ...w.benchLongFrames) };
  });
}

async function measure(browser: Browser, handle: DatabaseHandle, mode: Mode): Promise<Measured> {
  const app: FastifyInstance = await buildApp({ config: configFor(mode), db: handle.db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const load: LoadTimes[] = [];
    for (let i = 0; i < LOAD_RUNS; i++) load.push(await measureLoad(browser, baseUrl));
    const page = await newPage(browser, baseUrl);
    await page.goto(`${baseUrl}/map`);
    await waitForMark(page, 'bench:clusters-painted', 1);
    const total = Number(
      (await page.locator('.map-count').innerText())
        .split(' of ')[1]!
        .split(' ')[0]!
        .replaceAll(',', ''),
    );
    const pan = await measurePan(page);
    const filters = await measureFilters(page);
    await page.context().close();
    return {
      mode,
      colonies: total,
      load,
      filters,
      panFrame: pan.frame,
      panLongAnimationFrame: pan.longAnimationFrame,
    };
  } finally {
    await app.close();
  }
}

function ensureWebBuild() {
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "(await import('./scripts/ensure-build.mjs')).ensureBuild(['web'])",
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('Building the web app failed.');
}

/** A fresh database for one size: in memory (embedded), or created on the PostgreSQL server. */
async function freshDatabase(databaseUrl: string | undefined) {
  if (!databaseUrl) {
    const handle = await openDatabase({ kind: 'memory' });
    await migrateToLatest(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const name = `coral_map_bench_${process.pid}`;
  const admin = await openDatabase({ kind: 'server', url: databaseUrl });
  await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  await admin.close();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'server', url: url.toString() });
  await migrateToLatest(handle.db);
  return {
    handle,
    async drop() {
      await handle.close();
      const again = await openDatabase({ kind: 'server', url: databaseUrl });
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(again.db);
      await again.close();
    },
  };
}

export async function runMapBench(): Promise<void> {
  const colonies = Number(process.env.BENCH_COLONIES ?? 100_000);
  const browserMax = Number(process.env.BENCH_MAP_BROWSER_MAX ?? 200_000);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const sizes = [...new Set([0, Math.min(100_000, colonies), colonies])];
  ensureWebBuild();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const results: SizeResult[] = [];
    for (const size of sizes) {
      const database = await freshDatabase(databaseUrl);
      try {
        const db = database.handle.db;
        const importMs =
          size === 0
            ? await timeIt(() => seedDatabase(db, configFor('browser').seedFile))
            : await timeIt(() => {
                const bundle = syntheticDataset({ colonies: size, projects: 40 });
                return db
                  .transaction()
                  .execute((trx) => importAsPublished(trx, bundle, SYNTHETIC_SOURCE));
              });
        const inBrowser =
          size <= browserMax ? await measure(browser, database.handle, 'browser') : null;
        const onServer = await measure(browser, database.handle, 'server');
        results.push({ size, importMs, browser: inBrowser, server: onServer });
      } finally {
        await database.drop();
      }
    }
    console.log(
      `\nMap in Chromium on ${databaseUrl ? 'a PostgreSQL server' : 'the embedded database (in memory)'}`,
    );
    reportBrowserMode(results);
    reportServerMode(results);
  } finally {
    await browser.close();
  }
}
