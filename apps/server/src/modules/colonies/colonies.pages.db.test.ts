import { gunzipSync } from 'node:zlib';
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
  type TErrorResponse,
} from '@coral/core';
import { randomFilterSet, seededRandom } from '../../../test/random-filter-sets';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { encodeCursor } from '../../lib/keyset-cursor';

/**
 * GET /api/public/colonies/ page by page (decision 0037): `limit` and `cursor` read the
 * answer from the database, filtered by the core's predicate in SQL. For any filter set, the pages
 * put together are, item for item and byte for byte, the answer without a page (the feed filtered
 * in memory by the browser's engine).
 */
let ctx: TestContext;
/** The unfiltered feed as sent (the published snapshot's bytes). */
let feedBody: string;
let all: TColony[];
let defaults: DefaultRanges;

beforeAll(async () => {
  ctx = await createTestApp();
  feedBody = (await ctx.app.inject({ url: '/api/public/colonies/' })).body;
  all = JSON.parse(feedBody) as TColony[];
  const answers = await Promise.all(
    THRESHOLD_KINDS.map(async (kind) => {
      const url = `/api/public/${THRESHOLD_KIND_INFO[kind].maxMinPath}/max-min/`;
      return [kind, (await ctx.app.inject({ url })).json()] as const;
    }),
  );
  defaults = defaultRangesFromMaxMin(Object.fromEntries(answers));
});
afterAll(() => ctx.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/public/colonies/?${query}`, headers });

/** Every page of `query` with `limit`, following X-Next-Cursor; the items as sent, in order. */
async function allPages(query: string, limit: number) {
  const items: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const separator = query === '' ? '' : '&';
    const response = await get(
      `${query}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<TColony[]>();
    expect(page.length).toBeLessThanOrEqual(limit);
    // Each item's own bytes, as the server wrote them.
    items.push(...page.map((colony) => JSON.stringify(colony)));
    expect(response.body).toBe(`[${page.map((c) => JSON.stringify(c)).join(',')}]`);
    pages++;
    cursor = response.headers['x-next-cursor'] as string | undefined;
    if (cursor === undefined) {
      expect(response.headers.link).toBeUndefined();
      return { body: `[${items.join(',')}]`, ids: idsOf(items), pages };
    }
    expect(page).toHaveLength(limit);
    expect(response.headers.link).toBe(
      `</api/public/colonies/?${new URLSearchParams(
        `${query}${separator}limit=${limit}&cursor=${cursor}`,
      ).toString()}>; rel="next"`,
    );
  }
}
const idsOf = (items: string[]) => items.map((item) => (JSON.parse(item) as TColony).id);

describe('GET /api/public/colonies/ page by page (limit, cursor)', () => {
  it('without filters: the pages together are the published feed, byte for byte', async () => {
    const whole = await allPages('', 100);
    expect(whole.body).toBe(feedBody);
    expect(whole.pages).toBe(Math.ceil(all.length / 100));
    // A limit above the number of colonies: one page, no cursor.
    const one = await get('limit=1000');
    expect(one.body).toBe(feedBody);
    expect(one.headers['x-next-cursor']).toBeUndefined();
  });

  it('on 60 random filter sets (seeded PRNG): the pages together are the unpaged answer', async () => {
    const next = seededRandom(20261125);
    let narrowed = 0;
    let flagged = 0;
    let paged = 0;
    for (let i = 0; i < 60; i++) {
      const filters = randomFilterSet(next, all, defaults);
      const query = filterSetToQueryString(filters);
      const unpaged = await get(query);
      expect(unpaged.statusCode, unpaged.body).toBe(200);
      // The unpaged answer is the browser's engine over the feed (colonies.filter.db.test.ts).
      const expected = filterColonies(all, filters, defaults);
      expect(unpaged.json<TColony[]>(), query).toEqual(expected);
      // From 2 to 10 pages (a page more when the last one is full), whatever the answer's size.
      const limit = Math.max(5, Math.ceil(expected.length / (2 + (i % 9))));
      const pages = await allPages(query, limit);
      expect(pages.body, `${query} limit=${limit}`).toBe(unpaged.body);
      if (expected.length > 0 && expected.length < all.length) narrowed++;
      if (filters.hideFlagged && expected.length > 0) flagged++;
      if (pages.pages > 1) paged++;
    }
    // The sets exercise the interesting cases, not only "nothing" and "everything".
    expect(narrowed).toBeGreaterThan(10);
    expect(flagged).toBeGreaterThan(5);
    expect(paged).toBeGreaterThan(15);
  }, 120_000);

  it('hideFlagged: the pages show the stripped colonies, as the unpaged answer does', async () => {
    const filters: FilterSet = { hideFlagged: true, absThermalTolerance: [36, 3000] };
    const query = filterSetToQueryString(filters);
    const pages = await allPages(query, 25);
    expect(pages.pages).toBeGreaterThan(2);
    expect(JSON.parse(pages.body)).toEqual(filterColonies(all, filters, defaults));
    expect(pages.body).toBe((await get(query)).body);
  });

  it('answers the example of docs/api.md', async () => {
    const first = await get('species=Porites+lobata&limit=50');
    expect(first.headers['x-next-cursor']).toBe('Y29sb25pZXM6Mzc4MQ');
    const next = await get('species=Porites+lobata&limit=50&cursor=Y29sb25pZXM6Mzc4MQ');
    expect(next.json<TColony[]>()).toHaveLength(
      filterColonies(all, { species: 'Porites lobata' }, defaults).length - 50,
    );
  });

  it('a cursor without a limit answers every colony after it', async () => {
    const first = await get('species=Porites%20lobata&limit=3');
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const rest = await get(`species=Porites%20lobata&cursor=${encodeURIComponent(cursor)}`);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
    const ids = [...first.json<TColony[]>(), ...rest.json<TColony[]>()].map((c) => c.id);
    expect(ids).toEqual(
      filterColonies(all, { species: 'Porites lobata' }, defaults).map((c) => c.id),
    );
  });

  it('a page has its own ETag, answered 304, and is gzipped when large', async () => {
    const first = await get('limit=10&years=2022', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    const colonies = JSON.parse(gunzipSync(first.rawPayload).toString()) as TColony[];
    expect(colonies).toEqual(filterColonies(all, { years: [2022] }, defaults).slice(0, 10));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"colonies-v\d+\.[^"]+-[\w-]{16}"$/);
    expect((await get('years=2022&limit=10', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('years=2022&limit=11')).headers.etag).not.toBe(etag);
    expect((await get('years=2022')).headers.etag).not.toBe(etag);
    expect((await get('limit=10')).headers.etag).not.toBe(etag);
    const next = first.headers['x-next-cursor'] as string;
    const second = await get(`years=2022&limit=10&cursor=${next}`);
    expect(second.headers.etag).not.toBe(etag);
  });

  it('the unfiltered feed is unchanged: the stored snapshot and its ETag', async () => {
    const plain = await ctx.app.inject({ url: '/api/public/colonies/' });
    expect(plain.body).toBe(feedBody);
    expect(plain.headers.etag).toMatch(/^"colonies-v\d+\.[^"-]+"$/);
  });

  it.each<[string, RegExp]>([
    ['limit=0', /limit: expected a whole number from 1 to 1000/],
    ['limit=1001', /limit: expected a whole number from 1 to 1000/],
    ['limit=ten', /limit: expected a whole number from 1 to 1000/],
    ['limit=-5', /limit: expected a whole number from 1 to 1000/],
    ['limit=2.5', /limit: expected a whole number from 1 to 1000/],
    ['limit=', /limit: expected a whole number from 1 to 1000/],
    ['cursor=not-a-cursor', /Invalid cursor: pass the X-Next-Cursor value/],
    ['cursor=', /Invalid cursor/],
    [`limit=5&cursor=${encodeCursor('biosamples', 12)}`, /Invalid cursor/],
    ['limit=5&colour=red', /Unknown filter parameter: colour/],
    ['limit=5&absThermalTolerance=40,33', /minimum 40 is greater than the maximum 33/],
  ])('refuses ?%s with 400 and says why', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<TErrorResponse>().error).toMatch(message);
  });
});
