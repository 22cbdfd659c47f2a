import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_RANGE_KEYS,
  defaultRangesFromMaxMin,
  filterColonies,
  FILTER_QUERY_KEYS,
  filterSetToQueryString,
  isHiddenByHideFlagged,
  RANGE_SPEC_BY_KEY,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type FilterSet,
  type TColony,
  type TErrorResponse,
  type ThresholdEntryBase,
} from '@coral/core';
import { randomFilterSet, seededRandom } from '../../../test/random-filter-sets';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { COLONY_FEED_FORMAT } from './colonies.service';

/**
 * The server filters with the engine the map uses: for any filter set, the colonies of
 * GET /api/public/colonies/?<filters> are exactly those the browser shows (the browser runs
 * `filterColonies` on the full feed with defaults from the three max-min answers).
 */
let ctx: TestContext;
let all: TColony[];
let defaults: DefaultRanges;

beforeAll(async () => {
  ctx = await createTestApp();
  all = (await ctx.app.inject({ method: 'GET', url: '/api/public/colonies/' })).json<TColony[]>();
  const answers = await Promise.all(
    THRESHOLD_KINDS.map(async (kind) => {
      const url = `/api/public/${THRESHOLD_KIND_INFO[kind].maxMinPath}/max-min/`;
      return [kind, (await ctx.app.inject({ method: 'GET', url })).json()] as const;
    }),
  );
  defaults = defaultRangesFromMaxMin(Object.fromEntries(answers));
});
afterAll(() => ctx.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/public/colonies/?${query}`, headers });

async function serverIds(filters: FilterSet): Promise<number[]> {
  const response = await get(filterSetToQueryString(filters));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TColony[]>().map((c) => c.id);
}

const browserIds = (filters: FilterSet) => filterColonies(all, filters, defaults).map((c) => c.id);

describe('GET /api/public/colonies/ with filter parameters', () => {
  it.each<[string, FilterSet, number | ((ids: number[]) => void)]>([
    ['species', { species: 'Porites cylindrica' }, (ids) => expect(ids).toContain(658)],
    [
      'project (duplicate project names are one name)',
      { project: 'GlobalSearch_Carib' },
      (ids) => expect(ids.length).toBeGreaterThan(0),
    ],
    [
      'years 2222 (recorded in the seed, but an impossible date: no year to filter by)',
      { years: [2222] },
      0,
    ],
    ['an ED50 range', { absThermalTolerance: [37.5, 37.6] }, (ids) => expect(ids).toContain(658)],
    ['a species nobody has', { species: 'Nothing here' }, 0],
  ])('%s: the same colonies as the browser', async (_, filters, check) => {
    const ids = await serverIds(filters);
    expect(ids).toEqual(browserIds(filters));
    if (typeof check === 'number') expect(ids).toHaveLength(check);
    else check(ids);
  });

  it('answers the colonies in full, in feed order, with the snapshot’s bytes per colony', async () => {
    const response = await get('species=Porites%20cylindrica');
    const colonies = response.json<TColony[]>();
    expect(colonies).toEqual(all.filter((c) => c.species === 'Porites cylindrica'));
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('serves the stored snapshot when every range is at its default', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/public/colonies/' });
    const atDefaults: FilterSet = Object.fromEntries(
      ALL_RANGE_KEYS.map((key) => {
        const { min, max } = defaults[RANGE_SPEC_BY_KEY[key].defaultKey];
        return [key, [min, max]];
      }),
    );
    const response = await get(filterSetToQueryString(atDefaults));
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(plain.headers.etag);
    expect(response.json<TColony[]>()).toHaveLength(682);
    const infinite = await get('absThermalTolerance=-Infinity,Infinity');
    expect(infinite.headers.etag).toBe(plain.headers.etag);
  });

  it('gzips a large filtered answer, and answers 304 for its ETag', async () => {
    const query = 'years=2022';
    const zipped = await get(query, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const colonies = JSON.parse(gunzipSync(zipped.rawPayload).toString()) as TColony[];
    const ids = colonies.map((c) => c.id);
    expect(ids).toEqual(browserIds({ years: [2022] }));
    const etag = zipped.headers.etag as string;
    const format = COLONY_FEED_FORMAT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(etag).toMatch(new RegExp(`^"colonies-v\\d+\\.${format}-[\\w-]{16}"$`));
    expect((await get(query, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('years=2222')).headers.etag).not.toBe(etag);
    // The same filter written differently is the same answer.
    expect((await get('years=2022,2022')).headers.etag).toBe(etag);
  });

  it('costs one small query per request once the version and the filter set are known', async () => {
    await get('species=Acropora%20hyacinthus');
    ctx.queries.length = 0;
    await get('species=Acropora%20hyacinthus');
    expect(ctx.queries).toHaveLength(1); // the dataset version
    // Another filter set reads its colonies' items from the database (five queries), not the
    // feed: the map's model has selected them (decision 0041).
    ctx.queries.length = 0;
    await get('species=Porites%20lobata');
    expect(ctx.queries.length).toBeLessThanOrEqual(7);
  });

  it.each<[string, RegExp]>([
    ['colour=red', /Unknown filter parameter: colour/],
    ['species=A&colour=red&size=2', /Unknown filter parameters: colour, size/],
    ['absThermalTolerance=33', /absThermalTolerance: expected "min,max"/],
    ['absThermalTolerance=40,33', /minimum 40 is greater than the maximum 33/],
    ['years=twenty', /years: expected comma-separated years/],
    ['species=', /species/],
    ['species=A&species=B', /species/],
    ['hideFlagged=false', /hideFlagged: the only value is "true"/],
    ['hideFlagged=1', /hideFlagged: the only value is "true"/],
    ['hideFlagged=', /hideFlagged/],
    ['hideFlagged=true&hideFlagged=true', /hideFlagged/],
  ])('refuses ?%s with 400 and says why', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    const body = response.json<TErrorResponse>();
    expect(body.error).toMatch(message);
    expect(body.code).toMatch(/VALIDATION_FAILED|BAD_REQUEST/);
  });

  it('documents every filter and page parameter in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        { get: { parameters: { name: string; in: string; description?: string }[] } }
      >;
    }>();
    const parameters = document.paths['/api/public/colonies/']!.get.parameters;
    expect(parameters.map((p) => p.name)).toEqual([
      'species',
      'project',
      'years',
      'hideFlagged',
      ...ALL_RANGE_KEYS,
      'limit',
      'cursor',
    ]);
    expect(parameters.map((p) => p.name)).toEqual([...FILTER_QUERY_KEYS, 'limit', 'cursor']);
    expect(parameters.every((p) => p.in === 'query' && p.description)).toBe(true);
  });
});

const entriesOf = (colony: TColony): ThresholdEntryBase[] =>
  THRESHOLD_KINDS.flatMap(
    (kind): ThresholdEntryBase[] => colony[THRESHOLD_KIND_INFO[kind].listKey],
  );

// decision 0013
describe('GET /api/public/colonies/?hideFlagged=true', () => {
  it('answers exactly the browser’s filtered, stripped colonies', async () => {
    const response = await get('hideFlagged=true');
    expect(response.statusCode, response.body).toBe(200);
    const colonies = response.json<TColony[]>();
    expect(colonies).toEqual(filterColonies(all, { hideFlagged: true }, defaults));
    // The seed has failed fits (decision 0002): some entries go, and colonies with nothing else.
    const flaggedBefore = all.flatMap(entriesOf).filter(isHiddenByHideFlagged).length;
    expect(flaggedBefore).toBeGreaterThan(300);
    expect(colonies.flatMap(entriesOf).filter(isHiddenByHideFlagged)).toEqual([]);
    expect(colonies.length).toBeLessThan(all.length);
    const kept = new Set(colonies.map((c) => c.id));
    for (const colony of all) {
      const entries = entriesOf(colony);
      const allFlagged = entries.length > 0 && entries.every(isHiddenByHideFlagged);
      expect(kept.has(colony.id), `colony ${colony.id}`).toBe(!allFlagged);
    }
  });

  it('applies it before the range checks, with the other filters', async () => {
    const filters: FilterSet = { hideFlagged: true, absThermalTolerance: [40, 3000] };
    const response = await get(filterSetToQueryString(filters));
    const colonies = response.json<TColony[]>();
    expect(colonies).toEqual(filterColonies(all, filters, defaults));
    const without = await serverIds({ absThermalTolerance: [40, 3000] });
    expect(colonies.length).toBeLessThan(without.length);
  });

  it('has its own ETag, answered 304', async () => {
    const flagged = await get('hideFlagged=true&species=Porites%20lobata');
    const plain = await get('species=Porites%20lobata');
    const etag = flagged.headers.etag as string;
    expect(etag).not.toBe(plain.headers.etag);
    expect(etag).not.toBe((await get('hideFlagged=true')).headers.etag);
    const again = await get('species=Porites%20lobata&hideFlagged=true', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});

describe('client and server agree', () => {
  it('on 300 random filter sets over the seed (seeded PRNG)', async () => {
    const next = seededRandom(20261121);
    let nonEmpty = 0;
    let narrowed = 0;
    for (let i = 0; i < 300; i++) {
      const filters = randomFilterSet(next, all, defaults);
      const expected = browserIds(filters);
      if (filters.hideFlagged) {
        // Not only the same colonies: the same stripped entries (decision 0013).
        const response = await get(filterSetToQueryString(filters));
        expect(response.json<TColony[]>(), JSON.stringify(filters)).toEqual(
          filterColonies(all, filters, defaults),
        );
        continue;
      }
      expect(await serverIds(filters), JSON.stringify(filters)).toEqual(expected);
      if (expected.length > 0) nonEmpty++;
      if (expected.length > 0 && expected.length < all.length) narrowed++;
    }
    // The sets exercise the interesting cases, not only "nothing" and "everything".
    expect(nonEmpty).toBeGreaterThan(60);
    expect(narrowed).toBeGreaterThan(40);
  }, 120_000); // 300 requests, each reading its colonies from the database
});
