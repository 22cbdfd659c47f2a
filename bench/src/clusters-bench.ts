import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  colonyPredicate,
  compileColonyFilter,
  isEmptyFilterSet,
  normalizeFilterSet,
  parseFilterQuery,
  type DefaultRanges,
} from '@coral/core';
import {
  buildClusterIndex,
  buildMapModel,
  frameBox,
  selectColonies,
  selectColumnar,
  type MapSelection,
} from '@coral/core/map-clusters';
import type { DatabaseHandle } from '../../apps/server/src/db/database';
import { createColoniesService } from '../../apps/server/src/modules/colonies/colonies.service';
import {
  createMapModelStore,
  type PartSource,
} from '../../apps/server/src/modules/colony-clusters/map-model-store';
import { count, median, ms, printTable, ratio, timeIt, type BenchRow } from './report';
import { colonyCount, databaseFor, uploadThousand } from './clusters-bench-data';
import { startServer } from './scale-bench';

/**
 * The map's clusters at the seed, 100,000 and BENCH_COLONIES colonies (decision 0041), on a
 * PostgreSQL server when BENCH_DATABASE_URL is set (a database per size is created from it;
 * BENCH_REUSE_DATABASES=1 keeps them and reuses one that already holds its size), else on
 * embedded PGlite. Two sides:
 * - in this process, server time without HTTP: the first model of a fresh process, a new filter
 *   set (selection, cluster index, markers of a world view) and panning (markers of other views
 *   of a kept filter set), for the columnar model (from columns parts, and from the feed's JSON
 *   parts: the alternative decision 0041 measured) against the feed-based model of decision
 *   0039 (gunzip and JSON.parse of the whole feed, one object per colony) measured in the same
 *   run;
 * - a real server process (ROLE=api), over HTTP with keep-alive: its first clusters after it
 *   starts listening (the model is being warmed), the p50 of new filter sets and of panning, the
 *   republish of a 1,000-colony upload and the first clusters of the new data version after it,
 *   and its peak RSS.
 */
const TARGETS = {
  /** Any filtered API call, p50. */
  apiP50Ms: 200,
  /** A new filter applied on the map, end to end: the server's share must be well under it. */
  newFilterMs: 100,
  /** Page start → first clusters. */
  firstClustersMs: 1_000,
  /** Republish after a 1,000-colony upload. */
  republishMs: 1_000,
  rssMb: 1_024,
};

const WORLD = { west: -180, south: -85, east: 180, north: 85 };
/** Views the map asks while a visitor pans and zooms (Leaflet's bounds, zoom). */
const VIEWS: [number, typeof WORLD][] = [
  [3, { west: 100, south: -45, east: 200, north: 10 }],
  [5, { west: 140, south: -25, east: 160, north: -10 }],
  [8, { west: 146, south: -20, east: 149, north: -17 }],
  [12, { west: 147.4, south: -18.7, east: 147.7, north: -18.3 }],
  [14, { west: 147.45, south: -18.6, east: 147.55, north: -18.5 }],
];
const bboxOf = (v: typeof WORLD) => `${v.west},${v.south},${v.east},${v.north}`;

const SEED_FILTERS = [
  'species=Porites%20lobata',
  'project=GlobalSearch_Carib',
  'absThermalTolerance=36,38',
  'hideFlagged=true',
  'years=2022',
  'species=Pocillopora%20verrucosa&hideFlagged=true',
  'relThermalTolerance=5,8',
  'absThermalTolerance=35,37&hideFlagged=true',
];
const SYNTHETIC_FILTERS = [
  'species=Porites%20lobata',
  'project=Synthetic%20CBASS%20study%207',
  'absThermalTolerance=36,38',
  'hideFlagged=true',
  'species=Acropora%20hyacinthus&absThermalTolerance=35,37',
  'years=2024&species=Stylophora%20pistillata',
  'relThermalTolerance=5,8&hideFlagged=true',
  'absBreakpointTemperature=33,34',
];

interface InProcess {
  /** The first model (and clusters) of a fresh process; a string when it could not be built. */
  first: number | string;
  newFilter: number;
  panning: number;
}

interface Figures {
  colonies: number;
  parts: number;
  old: InProcess;
  columns: InProcess & { first: number; longestPause: number };
  json: InProcess;
  /** The store's rebuild after a 1,000-colony upload, in this process. */
  upload: { republish: number; rebuild: number; rebuiltParts: string };
  server: {
    firstClusters: number;
    newFilter: number;
    panning: number;
    members: number;
    ids: number;
    choices: number;
    republish: number;
    afterUpload: number;
    peakRssMb: number;
  };
}

const p50 = async (calls: (() => unknown)[]) => {
  const times: number[] = [];
  for (const call of calls) times.push(await timeIt(async () => call()));
  return median(times);
};

/** What a clusters request computes for a selection: the index and a view's markers. */
function markersOf(selection: MapSelection, zoom: number, view: typeof WORLD) {
  const index = buildClusterIndex(selection);
  return { index, markers: index.markers(frameBox(view, selection.offset), zoom) };
}

/** A filter set's selection and index, kept for panning (as the service keeps them). */
interface Kept {
  offset: number;
  index: ReturnType<typeof buildClusterIndex>;
}
const keep = (selection: MapSelection): Kept => ({
  offset: selection.offset,
  index: markersOf(selection, VIEWS[0]![0], VIEWS[0]![1]).index,
});
const panningCalls = ({ index, offset }: Kept) =>
  VIEWS.slice(1).map(
    ([zoom, view]) =>
      () =>
        index.markers(frameBox(view, offset), zoom),
  );

function filterSetsOf(queries: string[]) {
  return queries.map((query) => {
    const { filters, problems } = parseFilterQuery(Object.fromEntries(new URLSearchParams(query)));
    if (problems.length > 0) throw new Error(`${query}: ${problems.join('; ')}`);
    return filters;
  });
}

/** The feed-based model of decision 0039, as its service built it. */
async function measureOldModel(handle: DatabaseHandle, queries: string[]): Promise<InProcess> {
  const colonies = createColoniesService(handle.db);
  let model: ReturnType<typeof buildMapModel>;
  let defaults: DefaultRanges;
  const start = performance.now();
  try {
    const context = await colonies.filterContext();
    defaults = context.defaults;
    model = buildMapModel(await context.feed.colonies());
    markersOf(selectColonies(model, null), 2, WORLD);
  } catch (error) {
    return {
      first: `fails: ${(error as Error).message.slice(0, 60)}`,
      newFilter: NaN,
      panning: NaN,
    };
  }
  const first = performance.now() - start;
  const filterSets = filterSetsOf(queries);
  const kept: Kept[] = [];
  const newFilter = await p50(
    filterSets.map((filters) => () => {
      const normal = normalizeFilterSet(filters, defaults);
      const passes = isEmptyFilterSet(normal) ? null : compileColonyFilter(normal, defaults);
      kept.push(keep(selectColonies(model, passes)));
    }),
  );
  const panning = await p50(kept.flatMap(panningCalls));
  return { first, newFilter, panning };
}

/** The columnar model of decision 0041, built from the given parts. */
async function measureColumnar(
  handle: DatabaseHandle,
  queries: string[],
  source: PartSource,
  repeats: number,
): Promise<InProcess & { first: number; parts: number; longestPause: number }> {
  /**
   * A fresh process's first model and clusters: a new service and store each time; and the
   * longest the event loop waited while the model was built (what a request to another
   * endpoint may wait meanwhile).
   */
  const fresh = async () => {
    const colonies = createColoniesService(handle.db);
    const store = createMapModelStore(colonies, { source });
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const start = performance.now();
    const [{ model }, { defaults }] = await Promise.all([store.current(), colonies.pageContext()]);
    delay.disable();
    markersOf(selectColumnar(model, { all: [] }), 2, WORLD);
    return { model, defaults, time: performance.now() - start, pause: delay.max / 1e6 };
  };
  const runs = [];
  for (let i = 0; i < repeats; i++) runs.push(await fresh());
  const first = median(runs.map((run) => run.time));
  const longestPause = median(runs.map((run) => run.pause));
  const { model, defaults } = runs.at(-1)!;
  const kept: Kept[] = [];
  const newFilter = await p50(
    filterSetsOf(queries).map((filters) => () => {
      kept.push(keep(selectColumnar(model, colonyPredicate(filters, defaults))));
    }),
  );
  const panning = await p50(kept.flatMap(panningCalls));
  return { first, newFilter, panning, parts: model.parts.length, longestPause };
}

interface ClustersAnswer {
  data_version: number;
  markers: (
    | { kind: 'site'; site: { latitude: number; longitude: number } }
    | { kind: 'cluster'; id: number }
  )[];
}

async function getJson<T = ClustersAnswer>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

/**
 * The real server process: its first clusters once it listens (the model is being warmed), the
 * p50 of each public map call over keep-alive HTTP, an upload, its peak RSS.
 */
async function measureServer(
  databaseUrl: string,
  handle: DatabaseHandle,
  queries: string[],
): Promise<Figures['server']> {
  const server = await startServer(databaseUrl);
  try {
    const api = `${server.origin}/api/public/colonies`;
    const and = (query: string) => (query ? `${query}&` : '');
    const url = (query: string, [zoom, view]: [number, typeof WORLD]) =>
      `${api}/clusters/?${and(query)}zoom=${zoom}&bbox=${bboxOf(view)}`;
    const firstClusters = await timeIt(() => getJson(url('', [2, WORLD])));
    const answers: [string, ClustersAnswer][] = [];
    const newFilter = await p50(
      queries.map(
        (query) => async () => answers.push([query, await getJson(url(query, VIEWS[0]!))]),
      ),
    );
    const panning = await p50(
      queries.flatMap((query) => VIEWS.slice(1).map((view) => () => getJson(url(query, view)))),
    );
    const members = await p50(
      answers.flatMap(([query, answer]) => {
        const marker = answer.markers[0];
        if (!marker) return [];
        const ref =
          marker.kind === 'site'
            ? `site:${marker.site.latitude},${marker.site.longitude}`
            : `cluster:${marker.id}`;
        return [
          () =>
            getJson(
              `${api}/clusters/members/?${and(query)}marker=${ref}&data_version=${answer.data_version}`,
            ),
        ];
      }),
    );
    const ids = await p50(queries.map((query) => () => getJson(`${api}/ids/?${query}`)));
    const choices = await p50(queries.map(() => () => getJson(`${api}/choices/`)));
    const before = (await getJson(url('', [2, WORLD]))).data_version;
    const republish = await uploadThousand(handle, Date.now() % 1_000_000);
    const afterUpload = await timeIt(async () => {
      const answer = await getJson(url('', [2, WORLD]));
      if (answer.data_version !== before + 1) {
        throw new Error(`clusters of version ${answer.data_version} after the upload`);
      }
    });
    return {
      firstClusters,
      newFilter,
      panning,
      members,
      ids,
      choices,
      republish,
      afterUpload,
      peakRssMb: server.peakRssMb(),
    };
  } finally {
    await server.stop();
  }
}

/** The store's incremental rebuild after a 1,000-colony upload (in this process). */
async function measureRebuildAfterUpload(handle: DatabaseHandle) {
  const store = createMapModelStore(createColoniesService(handle.db));
  await store.current();
  const republish = await uploadThousand(handle, 900_000 + (Date.now() % 100_000));
  const rebuild = await timeIt(() => store.current());
  const report = store.lastBuild()!;
  return {
    republish,
    rebuild,
    rebuiltParts: `${report.readColumns + report.parsedJson} of ${report.parts}`,
  };
}

async function measureSize(size: number, baseUrl: string | undefined): Promise<Figures> {
  const database = await databaseFor(size, baseUrl);
  const queries = size === 0 ? SEED_FILTERS : SYNTHETIC_FILTERS;
  try {
    const colonies = await colonyCount(database.handle);
    // The columnar model first, while this process holds little else (the other two leave
    // hundreds of MB behind at a million colonies).
    const columns = await measureColumnar(database.handle, queries, 'columns', 3);
    const rebuild = await measureRebuildAfterUpload(database.handle);
    const json = await measureColumnar(database.handle, queries, 'json', 1);
    const old = await measureOldModel(database.handle, queries);
    const server = database.url
      ? await measureServer(database.url, database.handle, queries).catch((error: unknown) => {
          console.log(`  server process at ${count(colonies)} colonies failed: ${String(error)}`);
          return undefined;
        })
      : undefined;
    const none = NaN;
    return {
      colonies,
      parts: columns.parts,
      old,
      columns,
      json,
      upload: rebuild,
      server: server ?? {
        firstClusters: none,
        newFilter: none,
        panning: none,
        members: none,
        ids: none,
        choices: none,
        republish: none,
        afterUpload: none,
        peakRssMb: none,
      },
    };
  } finally {
    await database.drop();
  }
}

const shown = (value: number | string) =>
  typeof value === 'string' ? value : Number.isNaN(value) ? '—' : ms(value);
const verdict = (value: number, target: number, unit: (v: number) => string = ms) =>
  Number.isNaN(value)
    ? 'not measured'
    : `${unit(value)}: ${value <= target ? 'MEETS' : 'MISSES'} target ${unit(target)}`;
const times = (old: number | string, value: number) =>
  typeof old === 'string'
    ? `the old model ${old}`
    : Number.isNaN(old)
      ? 'no old model to compare'
      : `${ratio(old / value)} the old model`;

export async function runClustersBench(options: { colonies: number; databaseUrl?: string }) {
  const sizes = [...new Set([0, Math.min(100_000, options.colonies), options.colonies])];
  const results: Figures[] = [];
  for (const size of sizes) results.push(await measureSize(size, options.databaseUrl));

  const where = options.databaseUrl ? 'PostgreSQL server' : 'embedded PGlite';
  const row = (label: string, pick: (f: Figures) => string): BenchRow => ({
    label,
    values: Object.fromEntries(results.map((f) => [`${count(f.colonies)} colonies`, pick(f)])),
  });
  printTable(`Map clusters: columnar model (decision 0041) vs feed model, ${where}`, [
    row('feed parts', (f) => count(f.parts)),
    row('first model + clusters, fresh process: columns parts', (f) => shown(f.columns.first)),
    row('  … longest event-loop pause meanwhile', (f) => shown(f.columns.longestPause)),
    row('  … from the JSON parts', (f) => shown(f.json.first)),
    row('  … feed model (old)', (f) => shown(f.old.first)),
    row('new filter set p50: columnar', (f) => shown(f.columns.newFilter)),
    row('  … feed model (old)', (f) => shown(f.old.newFilter)),
    row('panning p50: columnar', (f) => shown(f.columns.panning)),
    row('  … feed model (old)', (f) => shown(f.old.panning)),
    row('1,000-colony upload: republish (feed + columns)', (f) => shown(f.upload.republish)),
    row('  … then the model of the new version', (f) => shown(f.upload.rebuild)),
    row('  … parts it re-read', (f) => f.upload.rebuiltParts),
    row('HTTP: page start → first clusters, just started server', (f) =>
      shown(f.server.firstClusters),
    ),
    row('HTTP p50: clusters, new filter set', (f) => shown(f.server.newFilter)),
    row('HTTP p50: clusters, panning', (f) => shown(f.server.panning)),
    row("HTTP p50: a marker's members", (f) => shown(f.server.members)),
    row('HTTP p50: ids', (f) => shown(f.server.ids)),
    row('HTTP p50: choices', (f) => shown(f.server.choices)),
    row('HTTP: upload republish', (f) => shown(f.server.republish)),
    row('  … then first clusters of the new version', (f) => shown(f.server.afterUpload)),
    row('server peak RSS', (f) =>
      Number.isNaN(f.server.peakRssMb) ? '—' : `${count(Math.round(f.server.peakRssMb))} MB`,
    ),
  ]);
  const mb = (v: number) => `${count(Math.round(v))} MB`;
  for (const f of results) {
    console.log(`  At ${count(f.colonies)} colonies (${where}):`);
    console.log(
      `    first model + clusters of a fresh process (columns parts): ${verdict(f.columns.first, TARGETS.firstClustersMs)}; ${times(f.old.first, f.columns.first)}; from JSON parts ${shown(f.json.first)}; longest event-loop pause during the build ${shown(f.columns.longestPause)}`,
    );
    console.log(
      `    new filter set (server, in process): ${verdict(f.columns.newFilter, TARGETS.newFilterMs)}; ${times(f.old.newFilter, f.columns.newFilter)}`,
    );
    console.log(
      `    panning (server, in process): ${verdict(f.columns.panning, TARGETS.apiP50Ms)}; ${times(f.old.panning, f.columns.panning)}`,
    );
    console.log(
      `    after a 1,000-colony upload (in process): republish ${verdict(f.upload.republish, TARGETS.republishMs)}; the model of the new version ${verdict(f.upload.rebuild, TARGETS.republishMs)} (${f.upload.rebuiltParts} parts re-read)`,
    );
    console.log(
      `    HTTP: page start → first clusters on a server that just started (its model warmed in the background) ${verdict(f.server.firstClusters, TARGETS.firstClustersMs)}`,
    );
    for (const [label, value] of [
      ['clusters, new filter set', f.server.newFilter],
      ['clusters, panning', f.server.panning],
      ["a marker's members", f.server.members],
      ['ids', f.server.ids],
      ['choices', f.server.choices],
    ] as const) {
      console.log(`    HTTP p50 ${label}: ${verdict(value, TARGETS.apiP50Ms)}`);
    }
    console.log(
      `    HTTP: after a 1,000-colony upload, republish ${verdict(f.server.republish, TARGETS.republishMs)}, then first clusters of the new version ${verdict(f.server.afterUpload, TARGETS.republishMs)}`,
    );
    console.log(`    server peak RSS: ${verdict(f.server.peakRssMb, TARGETS.rssMb, mb)}`);
  }
}
