import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultRangesFromMaxMin,
  filterColonies,
  filterSetToQueryString,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type FilterSet,
  type TColony,
} from '@coral/core';
import { SYNTHETIC_SOURCE, syntheticDataset } from '../../../../../bench/src/synthetic-dataset';
import { createLoggedApp, LOG_LEVELS, type LoggedApp } from '../../../test/log-capture';
import { recordDatasetChange } from '../data-changes/data-changes.service';
import { importAsPublished } from '../datasets/dataset-seed.service';

/**
 * A filtered colonies list without a page (decision 0031): the map's model selects the colonies and
 * their items are read from the database in batches and streamed, never the whole feed in memory.
 * With the seed and 2,500 synthetic colonies a filter keeps over 2,000 colonies, so the answer
 * crosses several batches; it must equal what the browser shows (filterColonies over the feed),
 * byte for byte, gzipped or not, and a client that leaves mid-stream is no error.
 */
const LONG_SPECIES = 'Acropora longa';
const LONG_COLONIES = 12_000;

let logged: LoggedApp;
let all: TColony[];
let defaults: DefaultRanges;

beforeAll(async () => {
  // debug shows the disconnect line; slow answers are not what this test is about.
  logged = await createLoggedApp({ LOG_LEVEL: 'debug', SLOW_REQUEST_MS: '600000' });
  const { app, database } = logged;
  await database.db
    .transaction()
    .execute((trx) =>
      importAsPublished(
        trx,
        syntheticDataset({ colonies: 2500, projects: 3, seed: 11 }),
        SYNTHETIC_SOURCE,
      ),
    );
  // Colonies with long names and no thresholds, for an answer larger than the connection's
  // buffers hold (about 12 MB): the client that leaves must find the server still writing.
  await database.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ version: number }>`
      INSERT INTO colonies (name, species, country, latitude, longitude, dataset_version_id)
      SELECT 'Long_' || g || '_' || repeat(md5(g::text), 30), ${LONG_SPECIES}, 'AUS', -14.5, 145.5,
             (SELECT min(id) FROM public_dataset_versions)
      FROM generate_series(1, ${LONG_COLONIES}::int) AS g
      RETURNING dataset_version_id AS version
    `.execute(trx);
    await recordDatasetChange(trx, { changedVersionIds: [rows[0]!.version] });
  });
  all = (await app.inject({ method: 'GET', url: '/api/public/colonies/' })).json<TColony[]>();
  const answers = await Promise.all(
    THRESHOLD_KINDS.map(async (kind) => {
      const url = `/api/public/${THRESHOLD_KIND_INFO[kind].maxMinPath}/max-min/`;
      return [kind, (await app.inject({ method: 'GET', url })).json()] as const;
    }),
  );
  defaults = defaultRangesFromMaxMin(Object.fromEntries(answers));
}, 180_000);
afterAll(() => logged?.close());

const LARGE: [string, FilterSet][] = [
  ['Hide flagged values (entries stripped)', { hideFlagged: true }],
  ['a wide ED50 range', { absThermalTolerance: [30, 40] }],
];

describe('GET /api/public/colonies/?<filters> without a page, over 2,000 colonies', () => {
  it.each(LARGE)('%s: streamed, equal to the browser’s filtered feed', async (_name, filters) => {
    const expected = JSON.stringify(filterColonies(all, filters, defaults));
    // More than one batch of the stream (ITEMS_PER_READ, 2,000 colonies).
    expect((JSON.parse(expected) as unknown[]).length).toBeGreaterThan(2000);
    const url = `/api/public/colonies/?${filterSetToQueryString(filters)}`;
    const zipped = await logged.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode, zipped.body).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(expected);
    const plain = await logged.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(expected);
    // The same ETag rule as before streaming: a current copy is not sent again.
    const etag = zipped.headers.etag as string;
    expect(plain.headers.etag).toBe(etag);
    const again = await logged.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a client that leaves mid-stream is no error, and the server goes on serving', async () => {
    const { app } = logged;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const before = logged.lines.length;
    // The client takes the headers, reads nothing, and leaves while the server still writes.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/public/colonies/?species=${encodeURIComponent(LONG_SPECIES)}`,
        },
        (response) => {
          response.pause();
          setTimeout(() => {
            request.destroy();
            resolve(response.statusCode ?? 0);
          }, 300);
          response.once('end', () => reject(new Error('the answer ended before the abort')));
        },
      );
      request.on('error', () => undefined);
    });
    expect(status).toBe(200);
    // The server notices at its next write, a batch or two later.
    const start = Date.now();
    const noticed = () =>
      logged.lines.slice(before).some((line) => /closed the connection/.test(line.msg));
    while (!noticed() && Date.now() - start < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = logged.lines.slice(before);
    expect(noticed(), JSON.stringify(after)).toBe(true);
    expect(after.filter((line) => line.level >= LOG_LEVELS.warn)).toEqual([]);
    expect(after.filter((line) => (line.statusCode ?? 0) >= 500)).toEqual([]);
    const statistics = await app.inject({ method: 'GET', url: '/api/public/statistics/' });
    expect(statistics.statusCode).toBe(200);
  }, 60_000);
});
