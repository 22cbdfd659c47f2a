import { count, median, ms, printTable, ratio, verdict, type BenchRow } from './report';

/** The map bench's figures (map-bench.ts measures them): tables, ratios and verdicts. */
const TARGETS = { arrivalToClusters: 1500, filter: 150, panFrame: 200 };
/** Decision 0042's targets for the server mode. */
const SERVER_TARGETS = { startToClusters: 1000, filter: 100, panFrame: 50 };

export type Mode = 'browser' | 'server';

export interface LoadTimes {
  /** Navigation start → first frame with markers. */
  startToClusters: number;
  /** Browser mode: response end of the feed → first frame with markers; → parsed. */
  arrivalToClusters: number | null;
  parse: number | null;
  /** The map's data calls before the first clusters (the feed, or choices and clusters), gzip. */
  dataBytes: number;
}

export interface Measured {
  mode: Mode;
  colonies: number;
  load: LoadTimes[];
  filters: { label: string; ms: number; shown: string }[];
  panFrame: number;
  panLongAnimationFrame: number;
}

export interface SizeResult {
  /** 0: the real seed. */
  size: number;
  importMs: number;
  browser: Measured | null;
  server: Measured;
}

const label = (r: SizeResult) =>
  r.size === 0 ? 'real seed (baseline)' : `synthetic ${count(r.server.colonies)}`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const kb = (bytes: number) => `${(bytes / 1e3).toFixed(1)} kB`;

function summary(m: Measured) {
  const filterTimes = m.filters.map((f) => f.ms);
  return {
    colonies: m.colonies,
    data: median(m.load.map((l) => l.dataBytes)),
    parse: median(m.load.map((l) => l.parse ?? Number.NaN)),
    arrival: median(m.load.map((l) => l.arrivalToClusters ?? Number.NaN)),
    start: median(m.load.map((l) => l.startToClusters)),
    firstStart: m.load[0]!.startToClusters,
    filterMedian: median(filterTimes),
    filterMax: Math.max(...filterTimes),
    pan: m.panFrame,
    loaf: m.panLongAnimationFrame,
  };
}
type Summary = ReturnType<typeof summary>;

function panNote(s: Summary) {
  return s.loaf > 0
    ? ` (longest animation frame Chromium reported: ${ms(s.loaf)})`
    : ' (Chromium reported no animation frame over 50 ms)';
}

export function reportBrowserMode(results: SizeResult[]) {
  const measured = results.filter((r) => r.browser);
  const seed = summary(measured[0]!.browser!);
  const columns = {
    'feed (gzip)': (s: Summary) => mb(s.data),
    'arrival → parsed': (s: Summary) => ms(s.parse),
    'arrival → clusters visible': (s: Summary) => ms(s.arrival),
    'page start → clusters': (s: Summary) => ms(s.start),
    'filter re-render (median)': (s: Summary) => ms(s.filterMedian),
    'filter re-render (worst)': (s: Summary) => ms(s.filterMax),
    'longest frame panning': (s: Summary) => ms(s.pan),
  };
  const ratios: Record<keyof typeof columns, keyof Summary> = {
    'feed (gzip)': 'data',
    'arrival → parsed': 'parse',
    'arrival → clusters visible': 'arrival',
    'page start → clusters': 'start',
    'filter re-render (median)': 'filterMedian',
    'filter re-render (worst)': 'filterMax',
    'longest frame panning': 'pan',
  };
  const rows: BenchRow[] = [];
  for (const r of measured) {
    const s = summary(r.browser!);
    rows.push({
      label: label(r),
      values: {
        colonies: count(s.colonies),
        ...Object.fromEntries(Object.entries(columns).map(([k, f]) => [k, f(s)])),
      },
    });
    if (r.size === 0) continue;
    rows.push({
      label: `ratio ${count(s.colonies)} / seed`,
      values: {
        colonies: ratio(s.colonies / seed.colonies),
        ...Object.fromEntries(
          Object.entries(ratios).map(([k, key]) => [k, ratio(s[key] / Math.max(seed[key], 0.01))]),
        ),
      },
    });
  }
  printTable('Map in Chromium, browser mode (median of 3 loads)', rows);
  for (const r of measured) {
    if (r.size === 0) continue;
    const s = summary(r.browser!);
    console.log(`  ${label(r)} (import ${ms(r.importMs)}):`);
    console.log(
      `    data arrival → clusters visible: ${ms(s.arrival)}, ${verdict(s.arrival, TARGETS.arrivalToClusters)}` +
        ` (runs: ${r.browser!.load.map((l) => ms(l.arrivalToClusters!)).join(', ')})`,
    );
    console.log(
      `    filter re-render: worst ${ms(s.filterMax)}, ${verdict(s.filterMax, TARGETS.filter)}`,
    );
    for (const f of r.browser!.filters) console.log(`      ${f.label}: ${ms(f.ms)} → ${f.shown}`);
    console.log(
      `    longest frame while panning: ${ms(s.pan)}, ${verdict(s.pan, TARGETS.panFrame)}${panNote(s)}`,
    );
  }
  for (const r of results) {
    if (!r.browser) {
      console.log(
        `  ${label(r)}: not measured in browser mode (above BENCH_MAP_BROWSER_MAX: the whole feed is what the server mode avoids)`,
      );
    }
  }
}

/** Decision 0036's verdict: below the target, strictly. */
const meets = (value: number, target: number) =>
  `${precise(value)}, ${value < target ? 'MEETS' : 'MISSES'} target < ${ms(target)}`;
/** A tenth of a millisecond: 49.6 ms meets < 50 ms, and says so. */
const precise = (value: number) => `${value.toFixed(1)} ms`;

export function reportServerMode(results: SizeResult[]) {
  const seed = summary(results[0]!.server);
  const columns = {
    'data before clusters (gzip)': (s: Summary) => kb(s.data),
    'page start → clusters': (s: Summary) => ms(s.start),
    'first load after server start': (s: Summary) => ms(s.firstStart),
    'filter applied (median)': (s: Summary) => ms(s.filterMedian),
    'filter applied (worst)': (s: Summary) => ms(s.filterMax),
    'longest frame panning': (s: Summary) => ms(s.pan),
  };
  const keys: Record<keyof typeof columns, keyof Summary> = {
    'data before clusters (gzip)': 'data',
    'page start → clusters': 'start',
    'first load after server start': 'firstStart',
    'filter applied (median)': 'filterMedian',
    'filter applied (worst)': 'filterMax',
    'longest frame panning': 'pan',
  };
  const ratioRow = (name: string, of: Summary, to: Summary): BenchRow => ({
    label: name,
    values: {
      colonies: ratio(of.colonies / to.colonies),
      ...Object.fromEntries(
        Object.entries(keys).map(([k, key]) => [k, ratio(of[key] / Math.max(to[key], 0.01))]),
      ),
    },
  });
  const rows: BenchRow[] = [];
  for (const r of results) {
    const s = summary(r.server);
    rows.push({
      label: label(r),
      values: {
        colonies: count(s.colonies),
        ...Object.fromEntries(Object.entries(columns).map(([k, f]) => [k, f(s)])),
      },
    });
    if (r.size !== 0) rows.push(ratioRow(`ratio ${count(s.colonies)} / seed`, s, seed));
  }
  for (const r of results) {
    if (!r.browser) continue;
    // The browser mode's data is the feed, its page start waits for it: the same columns.
    rows.push(
      ratioRow(`server / browser mode, ${label(r)}`, summary(r.server), summary(r.browser)),
    );
  }
  printTable('Map in Chromium, server mode (decision 0042; median of 3 loads)', rows);
  for (const r of results) {
    const s = summary(r.server);
    console.log(`  ${label(r)}, server mode:`);
    console.log(
      `    page start → first clusters: ${meets(s.start, SERVER_TARGETS.startToClusters)}` +
        ` (loads: ${r.server.load.map((l) => ms(l.startToClusters)).join(', ')}; the first after the server started)`,
    );
    console.log(
      `    a filter applied → markers redrawn: worst ${meets(s.filterMax, SERVER_TARGETS.filter)}`,
    );
    for (const f of r.server.filters) console.log(`      ${f.label}: ${ms(f.ms)} → ${f.shown}`);
    console.log(
      `    longest frame while panning: ${meets(s.pan, SERVER_TARGETS.panFrame)}${panNote(s)}`,
    );
  }
}
