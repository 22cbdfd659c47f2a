import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import {
  importAsPublished,
  seedDatabase,
} from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { count, median, ms, printTable, ratio, timeIt, type BenchRow } from './report';
import { syntheticDataset } from './synthetic-dataset';

const config = loadConfig({ NODE_ENV: 'test' });
const TARGET_MS = 200;
const FIRST_CLUSTERS_TARGET_MS = 1000;

/** Views the map asks while a visitor pans and zooms (Leaflet's bounds, zoom). */
const VIEWS = [
  'zoom=2&bbox=-180,-85,180,85',
  'zoom=3&bbox=100,-45,200,10',
  'zoom=5&bbox=140,-25,160,-10',
  'zoom=8&bbox=146,-20,149,-17',
  'zoom=12&bbox=147.4,-18.7,147.7,-18.3',
  'zoom=14&bbox=147.45,-18.6,147.55,-18.5',
];

interface Measured {
  colonies: number;
  firstClusters: number;
  unfiltered: number;
  filteredFirst: number;
  filteredPan: number;
  clustersBytes: number;
  feedBytes: number;
}

const p50 = async (calls: (() => Promise<unknown>)[]) => {
  const times: number[] = [];
  for (const call of calls) times.push(await timeIt(call));
  return median(times);
};

/**
 * Server time of GET /api/public/colonies/clusters/ (in-process inject: no network):
 * - first clusters: the first call of a new process (reads and parses the published feed,
 *   builds the model and the index), what a page start waits for on a fresh server;
 * - unfiltered: p50 over the views, index kept;
 * - filtered, first: p50 over filter sets each asked for the first time (selection and index
 *   built in the request); filtered, panning: the same filter sets asked again at other views;
 * - bytes: the gzipped answer at zoom 2 over the world against the gzipped whole feed.
 */
async function measure(handle: DatabaseHandle, filterQueries: string[]): Promise<Measured> {
  const get = (app: FastifyInstance, url: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } }).then((r) => {
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r;
    });
  const url = (query: string) => `/api/public/colonies/clusters/?${query}`;
  const firstTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const fresh = await buildApp({ config, db: handle.db });
    firstTimes.push(await timeIt(() => get(fresh, url(VIEWS[0]!))));
    await fresh.close();
  }
  const app = await buildApp({ config, db: handle.db });
  const world = await get(app, url(VIEWS[0]!));
  const body =
    world.headers['content-encoding'] === 'gzip' ? gunzipSync(world.rawPayload) : world.rawPayload;
  const total = (JSON.parse(body.toString()) as { total: number }).total;
  const unfiltered = await p50([...VIEWS, ...VIEWS].map((view) => () => get(app, url(view))));
  const filteredFirst = await p50(
    filterQueries.map((filter) => () => get(app, url(`${filter}&${VIEWS[1]}`))),
  );
  const filteredPan = await p50(
    filterQueries.flatMap((filter) =>
      VIEWS.slice(2).map((view) => () => get(app, url(`${filter}&${view}`))),
    ),
  );
  const feed = await get(app, '/api/public/colonies/');
  const result = {
    colonies: total,
    firstClusters: median(firstTimes),
    unfiltered,
    filteredFirst,
    filteredPan,
    clustersBytes: world.rawPayload.length,
    feedBytes: feed.rawPayload.length,
  };
  await app.close();
  return result;
}

const verdict = (value: number, target: number) =>
  `${value <= target ? 'MEETS' : 'MISSES'} target ${ms(target)}`;

export async function runClustersBench(options: { colonies: number }) {
  const seedDb = await openDatabase({ kind: 'memory' });
  await migrateToLatest(seedDb.db);
  await seedDatabase(seedDb.db, config.seedFile);
  const seed = await measure(seedDb, [
    'species=Porites%20lobata',
    'project=GlobalSearch_Carib',
    'absThermalTolerance=36,38',
    'hideFlagged=true',
    'years=2022',
  ]);
  await seedDb.close();

  const syntheticDb = await openDatabase({ kind: 'memory' });
  await migrateToLatest(syntheticDb.db);
  const bundle = syntheticDataset({ colonies: options.colonies, projects: 40 });
  await syntheticDb.db.transaction().execute((trx) => importAsPublished(trx, bundle));
  const synthetic = await measure(syntheticDb, [
    'species=Porites%20lobata',
    'project=Synthetic%20CBASS%20study%207',
    'absThermalTolerance=36,38',
    'hideFlagged=true',
    'species=Acropora%20hyacinthus&absThermalTolerance=35,37',
  ]);
  await syntheticDb.close();

  const columns: [string, (m: Measured) => string][] = [
    ['colonies', (m) => count(m.colonies)],
    ['first clusters (fresh process)', (m) => ms(m.firstClusters)],
    ['unfiltered p50', (m) => ms(m.unfiltered)],
    ['filtered p50 (new filter)', (m) => ms(m.filteredFirst)],
    ['filtered p50 (panning)', (m) => ms(m.filteredPan)],
    ['answer gzip', (m) => `${count(m.clustersBytes)} B`],
    ['feed gzip', (m) => `${count(m.feedBytes)} B`],
    ['feed / answer', (m) => ratio(m.feedBytes / m.clustersBytes)],
  ];
  const row = (label: string, m: Measured): BenchRow => ({
    label,
    values: Object.fromEntries(columns.map(([name, value]) => [name, value(m)])),
  });
  printTable('Map clusters (GET /api/public/colonies/clusters/), embedded PGlite', [
    row('real seed', seed),
    row('synthetic', synthetic),
  ]);
  for (const [label, m] of [
    ['seed', seed],
    [`${count(synthetic.colonies)} colonies`, synthetic],
  ] as const) {
    const worst = Math.max(m.unfiltered, m.filteredFirst, m.filteredPan);
    console.log(
      `  clusters at ${label}: unfiltered ${verdict(m.unfiltered, TARGET_MS)}; filtered (new) ${verdict(m.filteredFirst, TARGET_MS)}; filtered (panning) ${verdict(m.filteredPan, TARGET_MS)}; slowest p50 ${ms(worst)}; first clusters of a fresh process ${verdict(m.firstClusters, FIRST_CLUSTERS_TARGET_MS)}`,
    );
  }
}
