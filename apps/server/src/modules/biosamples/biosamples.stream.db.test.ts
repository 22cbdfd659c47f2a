import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBiosample, TColony } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { encodeCursor } from '../../lib/keyset-cursor';
import { createColoniesService } from '../colonies/colonies.service';
import { biosamplesRepository } from './biosamples.repository';
import { createBiosamplesService } from './biosamples.service';

/**
 * Whole biosample lists (decision 0031): a million colonies have millions of biosamples, a list longer
 * than one string holds, so the whole list is built and the unpaged filtered list sent a batch of
 * rows at a time. Built or sent in pieces, each must be byte for byte the JSON of all its rows.
 */
let ctx: TestContext;
let rows: TBiosample[];
let colonies: TColony[];

beforeAll(async () => {
  ctx = await createTestApp();
  rows = await biosamplesRepository.list(ctx.database.db);
  colonies = (await ctx.app.inject({ url: '/api/public/colonies/' })).json<TColony[]>();
});
afterAll(() => ctx.close());

async function text(pieces: AsyncIterable<Buffer>): Promise<string> {
  const out: Buffer[] = [];
  for await (const piece of pieces) out.push(piece);
  return Buffer.concat(out).toString();
}

describe('built a batch at a time (97 rows per read: about 30 reads of the seed)', () => {
  const service = () =>
    createBiosamplesService(ctx.database.db, createColoniesService(ctx.database.db), {
      rowsPerRead: 97,
    });

  it('the whole list, gzipped once per data version, is the JSON of every row', async () => {
    expect(rows.length).toBeGreaterThan(97 * 20);
    const built = await service().list();
    expect(built.etag).toMatch(/^"biosamples-v\d+"$/);
    expect(gunzipSync(built.gzipped).toString()).toBe(JSON.stringify(rows));
  });

  it('a filtered list from a cursor on is the JSON of its rows', async () => {
    const kept = new Set(
      colonies.filter((colony) => colony.species === 'Porites lobata').map((colony) => colony.id),
    );
    const expected = rows.filter((row) => kept.has(row.colony) && row.id > 2000);
    expect(expected.length).toBeGreaterThan(97);
    const answer = await text(service().filteredJson({ species: 'Porites lobata' }, 2000));
    expect(answer).toBe(JSON.stringify(expected));
  });
});

describe('GET /api/public/biosamples/ streamed', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: `/api/public/biosamples/${url}`, headers });

  it('the whole list inflates for a client that does not take gzip, and is the same bytes', async () => {
    const zipped = await get('', { 'accept-encoding': 'gzip' });
    const plain = await get('');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.body).toBe(JSON.stringify(rows));
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('filters without a limit: every row, gzipped or not, with an ETag', async () => {
    const species = 'Acropora hyacinthus';
    const kept = new Set(colonies.filter((c) => c.species === species).map((c) => c.id));
    const expected = JSON.stringify(rows.filter((row) => kept.has(row.colony)));
    const query = `?species=${encodeURIComponent(species)}`;
    const plain = await get(query);
    const zipped = await get(query, { 'accept-encoding': 'gzip' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(expected);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(expected);
    const etag = plain.headers.etag as string;
    expect((await get(query, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('a cursor alone continues to the end; a filter that keeps nothing answers []', async () => {
    const after = rows[100]!.id;
    const rest = await get(`?cursor=${encodeURIComponent(encodeCursor('biosamples', after))}`);
    expect(rest.body).toBe(JSON.stringify(rows.filter((row) => row.id > after)));
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    const none = await get('?species=Nothing%20here');
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('[]');
  });
});
