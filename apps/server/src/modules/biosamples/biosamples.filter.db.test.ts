import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultRangesFromMaxMin,
  filterColonies,
  filterSetToQueryString,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type FilterSet,
  type TBiosample,
  type TColony,
  type TErrorResponse,
} from '@coral/core';
import { randomFilterSet, seededRandom } from '../../../test/random-filter-sets';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { encodeCursor } from '../../lib/keyset-cursor';

/**
 * GET /api/public/biosamples/ with the map's filter parameters (decision 0031): the database evaluates
 * the core's predicate, and for any filter set the answer is exactly the biosamples of the
 * colonies the browser's engine shows (`filterColonies` over the whole feed).
 */
let ctx: TestContext;
let colonies: TColony[];
let biosamples: TBiosample[];
let defaults: DefaultRanges;

beforeAll(async () => {
  ctx = await createTestApp();
  const get = async <T>(url: string) => (await ctx.app.inject({ url })).json<T>();
  colonies = await get<TColony[]>('/api/public/colonies/');
  biosamples = await get<TBiosample[]>('/api/public/biosamples/');
  const answers = await Promise.all(
    THRESHOLD_KINDS.map(async (kind) => {
      const url = `/api/public/${THRESHOLD_KIND_INFO[kind].maxMinPath}/max-min/`;
      return [kind, await get<unknown>(url)] as const;
    }),
  );
  defaults = defaultRangesFromMaxMin(Object.fromEntries(answers));
});
afterAll(() => ctx.close());

const get = (query: string) => ctx.app.inject({ url: `/api/public/biosamples/?${query}` });

/** What the browser's engine implies: the biosamples of the colonies it shows, in id order. */
function expectedIds(filters: FilterSet): number[] {
  const shown = new Set(filterColonies(colonies, filters, defaults).map((c) => c.id));
  return biosamples.filter((b) => shown.has(b.colony)).map((b) => b.id);
}

async function serverIds(query: string): Promise<number[]> {
  const response = await get(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TBiosample[]>().map((b) => b.id);
}

describe('GET /api/public/biosamples/ with filter parameters', () => {
  it('on 300 random filter sets over the seed: the biosamples of the browser’s colonies (seeded PRNG)', async () => {
    const next = seededRandom(20261125);
    let narrowed = 0;
    let flagged = 0;
    for (let i = 0; i < 300; i++) {
      const filters = randomFilterSet(next, colonies, defaults);
      const expected = expectedIds(filters);
      expect(await serverIds(filterSetToQueryString(filters)), JSON.stringify(filters)).toEqual(
        expected,
      );
      if (expected.length > 0 && expected.length < biosamples.length) narrowed++;
      if (filters.hideFlagged && expected.length > 0) flagged++;
    }
    // The sets exercise the interesting cases, not only "nothing" and "everything".
    expect(narrowed).toBeGreaterThan(40);
    expect(flagged).toBeGreaterThan(20);
  });

  it('hides biosamples of colonies whose every entry is flagged, keeps those without entries', async () => {
    const ids = await serverIds('hideFlagged=true');
    expect(ids).toEqual(expectedIds({ hideFlagged: true }));
    expect(ids.length).toBeLessThan(biosamples.length);
  });

  it('answers the same rows as the unfiltered list, byte for byte per row', async () => {
    const response = await get('species=Porites%20cylindrica');
    const rows = response.json<TBiosample[]>();
    const ofSpecies = new Set(
      colonies.filter((c) => c.species === 'Porites cylindrica').map((c) => c.id),
    );
    expect(rows).toEqual(biosamples.filter((b) => ofSpecies.has(b.colony)));
    expect(rows.find((b) => b.id === 4432)).toEqual({
      id: 4432,
      name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420',
      collection_date: '2022-09-20',
      colony: 658,
      project: 61,
    });
  });
});

describe('GET /api/public/biosamples/ page by page (limit, cursor)', () => {
  async function allPages(query: string, limit: number) {
    const ids: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const response = await get(
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<TBiosample[]>();
      expect(page.length).toBeLessThanOrEqual(limit);
      ids.push(...page.map((b) => b.id));
      pages++;
      cursor = response.headers['x-next-cursor'] as string | undefined;
      if (cursor === undefined) {
        expect(response.headers.link).toBeUndefined();
        return { ids, pages };
      }
      expect(response.headers.link).toContain(`cursor=${cursor}`);
      expect(response.headers.link).toMatch(/; rel="next"$/);
    }
  }

  it('the pages together are the whole answer, each biosample once, in id order', async () => {
    const whole = await allPages('', 1000);
    expect(whole.ids).toEqual(biosamples.map((b) => b.id));
    expect(whole.pages).toBe(Math.ceil(biosamples.length / 1000));
    const filtered = await allPages('species=Porites%20lobata', 37);
    const expected = expectedIds({ species: 'Porites lobata' });
    expect(expected.length).toBeGreaterThan(37);
    expect(filtered.ids).toEqual(expected);
    expect(filtered.pages).toBe(Math.ceil(expected.length / 37) + (expected.length % 37 ? 0 : 1));
  });

  it('a page has its own ETag, answered 304', async () => {
    const first = await get('limit=10');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"biosamples-v\d+-[\w-]{16}"$/);
    const again = await ctx.app.inject({
      url: '/api/public/biosamples/?limit=10',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect((await get('limit=11')).headers.etag).not.toBe(etag);
  });

  it.each<[string, RegExp]>([
    ['limit=0', /limit: expected a whole number from 1 to 1000/],
    ['limit=1001', /limit: expected a whole number from 1 to 1000/],
    ['limit=ten', /limit: expected a whole number from 1 to 1000/],
    ['limit=-5', /limit: expected a whole number from 1 to 1000/],
    ['cursor=not-a-cursor', /Invalid cursor: pass the X-Next-Cursor value/],
    ['cursor=', /Invalid cursor/],
    [`cursor=${encodeCursor('projects', 12)}`, /Invalid cursor/],
    ['colour=red', /Unknown filter parameter: colour/],
    ['absThermalTolerance=40,33', /minimum 40 is greater than the maximum 33/],
  ])('refuses ?%s with 400 and says why', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<TErrorResponse>().error).toMatch(message);
  });
});
