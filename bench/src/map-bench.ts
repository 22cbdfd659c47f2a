import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { seedDatabase } from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { importAsPublished } from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { count, median, ms, printTable, ratio, timeIt, verdict } from './report';
import { syntheticDataset } from './synthetic-dataset';

/**
 * The map in a real browser (Debian's Chromium through playwright-core) against the production
 * build served by the real server, on the real seed (baseline) and on the synthetic dataset:
 *
 * - data arrival → clusters visible: from the end of the colonies response (resource timing)
 *   to the first frame after the app's `map:clusters-rendered` mark (parsing the JSON, building
 *   the map model, filtering, clustering and drawing markers), target 1.5 s;
 * - filter re-render: from the click on 'Apply Filters (N)' (or the trash) to the first frame
 *   after the markers were redrawn, target 150 ms;
 * - panning: the longest gap between animation frames while dragging the map, target 200 ms.
 *
 * BENCH_COLONIES (default 100000) sets the synthetic size; CHROMIUM_PATH the browser.
 */
const TARGETS = { arrivalToClusters: 1500, filter: 150, panFrame: 200 };
const LOAD_RUNS = 3;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

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

interface LoadTimes {
  /** Response end of the feed → first frame with markers. */
  arrivalToClusters: number;
  /** Response end → the app has the parsed colonies. */
  parse: number;
  feedBytes: number;
  navigationToClusters: number;
}

interface Measured {
  colonies: number;
  load: LoadTimes[];
  filters: { label: string; ms: number; shown: string }[];
  panFrame: number;
  panLongAnimationFrame: number;
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
    const feed = performance
      .getEntriesByType('resource')
      .find((r) => r.name.includes('/api/public/colonies/')) as PerformanceResourceTiming;
    const at = (name: string) => performance.getEntriesByName(name)[0]!.startTime;
    return {
      arrivalToClusters: at('bench:clusters-painted') - feed.responseEnd,
      parse: at('map:colonies-loaded') - feed.responseEnd,
      feedBytes: feed.encodedBodySize,
      navigationToClusters: at('bench:clusters-painted'),
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

async function measure(browser: Browser, handle: DatabaseHandle): Promise<Measured> {
  const app: FastifyInstance = await buildApp({ config, db: handle.db });
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

async function database(fill: (db: DatabaseHandle) => Promise<unknown>) {
  const handle = await openDatabase({ kind: 'memory' });
  await migrateToLatest(handle.db);
  await fill(handle);
  return handle;
}

export async function runMapBench(): Promise<void> {
  const colonies = Number(process.env.BENCH_COLONIES ?? 100_000);
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
    const seedDb = await database((h) => seedDatabase(h.db, config.seedFile));
    const baseline = await measure(browser, seedDb);
    await seedDb.close();

    let importTime = 0;
    const syntheticDb = await database(async (h) => {
      const bundle = syntheticDataset({ colonies, projects: 40 });
      importTime = await timeIt(() =>
        h.db.transaction().execute((trx) => importAsPublished(trx, bundle)),
      );
    });
    const synthetic = await measure(browser, syntheticDb);
    await syntheticDb.close();

    report(baseline, synthetic, importTime);
  } finally {
    await browser.close();
  }
}

function summary(m: Measured) {
  const arrival = median(m.load.map((l) => l.arrivalToClusters));
  const filterTimes = m.filters.map((f) => f.ms);
  return {
    colonies: m.colonies,
    feed: median(m.load.map((l) => l.feedBytes)),
    parse: median(m.load.map((l) => l.parse)),
    arrival,
    navigation: median(m.load.map((l) => l.navigationToClusters)),
    filterMedian: median(filterTimes),
    filterMax: Math.max(...filterTimes),
    pan: m.panFrame,
    loaf: m.panLongAnimationFrame,
  };
}

function report(baselineRun: Measured, syntheticRun: Measured, importTime: number) {
  const baseline = summary(baselineRun);
  const synthetic = summary(syntheticRun);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
  const row = (label: string, s: ReturnType<typeof summary>) => ({
    label,
    values: {
      colonies: count(s.colonies),
      'feed (gzip)': mb(s.feed),
      'arrival → parsed': ms(s.parse),
      'arrival → clusters visible': ms(s.arrival),
      'page start → clusters': ms(s.navigation),
      'filter re-render (median)': ms(s.filterMedian),
      'filter re-render (worst)': ms(s.filterMax),
      'longest frame panning': ms(s.pan),
    },
  });
  const keys = ['arrival', 'parse', 'navigation', 'filterMedian', 'filterMax', 'pan'] as const;
  printTable('Map in Chromium (median of 3 loads)', [
    row('real seed (baseline)', baseline),
    row('synthetic', synthetic),
    {
      label: 'ratio synthetic / seed',
      values: {
        colonies: ratio(synthetic.colonies / baseline.colonies),
        'feed (gzip)': ratio(synthetic.feed / baseline.feed),
        ...Object.fromEntries(
          keys.map((k) => [
            {
              arrival: 'arrival → clusters visible',
              parse: 'arrival → parsed',
              navigation: 'page start → clusters',
              filterMedian: 'filter re-render (median)',
              filterMax: 'filter re-render (worst)',
              pan: 'longest frame panning',
            }[k],
            ratio(synthetic[k] / Math.max(baseline[k], 0.01)),
          ]),
        ),
      },
    },
  ]);
  console.log(`  synthetic import (${count(synthetic.colonies)} colonies): ${ms(importTime)}`);
  console.log(
    `  data arrival → clusters visible: ${ms(synthetic.arrival)}, ${verdict(synthetic.arrival, TARGETS.arrivalToClusters)}` +
      ` (runs: ${syntheticRun.load.map((l) => ms(l.arrivalToClusters)).join(', ')})`,
  );
  console.log(
    `  filter re-render: worst ${ms(synthetic.filterMax)}, ${verdict(synthetic.filterMax, TARGETS.filter)}`,
  );
  for (const f of syntheticRun.filters) console.log(`    ${f.label}: ${ms(f.ms)} → ${f.shown}`);
  console.log(
    `  longest frame while panning: ${ms(synthetic.pan)}, ${verdict(synthetic.pan, TARGETS.panFrame)}` +
      (synthetic.loaf > 0
        ? ` (longest animation frame Chromium reported: ${ms(synthetic.loaf)})`
        : ' (Chromium reported no animation frame over 50 ms)'),
  );
}
