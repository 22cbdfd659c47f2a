import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  filterColonies,
  filterSetToQueryString,
  type FilterSet,
  type TClusterMembers,
  type TColony,
  type TColonyChoices,
  type TColonyClusters,
  type TColonyIds,
  type TErrorResponse,
} from '@coral/core';
import { summarizeSites } from '@coral/core/map-clusters';
import { loadBrowserMap, type BrowserMap } from '../../../test/browser-map';
import { randomFilterSet, seededRandom } from '../../../test/random-filter-sets';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { repoRoot } from '../../config';
import { KEPT_FILTER_SETS } from './colony-clusters.service';

/**
 * A marker's members, the ids the map shows and the filters' choices, from the server, are what
 * the browser computes from the whole feed with core's model, index and site summaries.
 */
let ctx: TestContext;
let browser: BrowserMap;

beforeAll(async () => {
  ctx = await createTestApp();
  browser = await loadBrowserMap(ctx.app);
});
afterAll(() => ctx.close());

type View = { west: number; south: number; east: number; north: number };
type Marker = TColonyClusters['markers'][number];
const WORLD: View = { west: -180, south: -85, east: 180, north: 85 };
const bboxText = (v: View) => `${v.west},${v.south},${v.east},${v.north}`;
const withFilters = (filters: FilterSet, rest: string) => {
  const query = filterSetToQueryString(filters);
  return query ? `${query}&${rest}` : rest;
};
const refOf = (marker: Marker) =>
  marker.kind === 'site'
    ? `site:${marker.site.latitude},${marker.site.longitude}`
    : `cluster:${marker.id}`;

const get = (app: FastifyInstance, path: string, query: string) =>
  app.inject({ method: 'GET', url: `/api/public/colonies/${path}?${query}` });

async function clusters(filters: FilterSet, zoom: number, view: View, app = ctx.app) {
  const response = await get(
    app,
    'clusters/',
    withFilters(filters, `zoom=${zoom}&bbox=${bboxText(view)}`),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TColonyClusters>();
}

const membersQuery = (filters: FilterSet, ref: string, version: number, page = '') =>
  withFilters(filters, `marker=${encodeURIComponent(ref)}&data_version=${version}${page}`);

async function members(
  filters: FilterSet,
  ref: string,
  version: number,
  page = '',
  app = ctx.app,
): Promise<TClusterMembers> {
  const response = await get(app, 'clusters/members/', membersQuery(filters, ref, version, page));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TClusterMembers>();
}

/** Every page of a marker's members, `limit` at a time, joined. */
async function allMembers(filters: FilterSet, ref: string, version: number, limit: number) {
  const first = await members(filters, ref, version, `&limit=${limit}`);
  const colonies = [...first.colonies];
  for (let offset = limit; offset < first.count; offset += limit) {
    const page = await members(filters, ref, version, `&offset=${offset}&limit=${limit}`);
    expect(page).toMatchObject({ count: first.count, offset, sites: first.sites });
    colonies.push(...page.colonies);
  }
  return { ...first, colonies };
}

/** What the browser shows for a marker: its colonies (model indices, site by site). */
function browserMarkerColonies(filters: FilterSet, marker: Marker): number[] {
  const { selection, index } = browser.select(filters);
  if (marker.kind === 'cluster') return index.colonies(marker.id);
  const { model } = browser;
  const site = selection.sites.find(
    (s) =>
      model.siteLatitude[s.site] === marker.site.latitude &&
      model.siteLongitude[s.site] === marker.site.longitude,
  );
  return site!.colonies;
}

const byId = (a: TColony, b: TColony) => a.id - b.id;

const FILTER_SETS: [string, FilterSet][] = [
  ['no filter', {}],
  ['a species', { species: 'Porites cylindrica' }],
  ['a project', { project: 'GlobalSearch_Carib' }],
  ['an ED50 range', { absThermalTolerance: [37.5, 37.6] }],
  ['hide flagged values', { hideFlagged: true }],
];
const VIEWS: [string, number, View][] = [
  ['the world at zoom 0', 0, WORLD],
  ['the world at zoom 3', 3, WORLD],
  ['two worlds wide', 1, { west: -400, south: -85, east: 320, north: 85 }],
  ['three Fiji sites at zoom 12', 12, { west: 177.6, south: -18.3, east: 177.8, north: -18.1 }],
  ['everything at zoom 18', 18, WORLD],
];

describe('GET /api/public/colonies/clusters/members/: what the browser shows for each marker', () => {
  for (const [filterName, filters] of FILTER_SETS) {
    it.each(VIEWS)(`${filterName}: every marker of %s`, async (_, zoom, view) => {
      const answer = await clusters(filters, zoom, view);
      const { selection } = browser.select(filters);
      for (const marker of answer.markers) {
        const atMarker = browserMarkerColonies(filters, marker);
        const listed = await allMembers(filters, refOf(marker), answer.data_version, 200);
        expect(listed.count).toBe(marker.count);
        expect(listed.data_version).toBe(answer.data_version);
        expect(listed.sites).toEqual(
          summarizeSites(browser.model, atMarker, selection.colonyIndices),
        );
        expect(listed.colonies).toEqual(atMarker.map((i) => browser.feed[i]!).sort(byId));
      }
    });
  }

  it('covers clusters, many-colony sites and single colonies', async () => {
    const world = await clusters({}, 0, WORLD);
    expect(world.markers.some((m) => m.kind === 'cluster')).toBe(true);
    const close = await clusters({ absThermalTolerance: [37.5, 37.6] }, 18, WORLD);
    expect(close.markers.some((m) => m.count === 1)).toBe(true);
    expect(close.markers.some((m) => m.count > 1)).toBe(true);
  });
});

describe('GET /api/public/colonies/clusters/members/: pages', () => {
  let ref: string;
  let version: number;
  let all: TClusterMembers;
  beforeAll(async () => {
    const close = await clusters({}, 18, WORLD);
    const largest = close.markers.reduce((a, b) => (b.count > a.count ? b : a));
    expect(largest.count).toBeGreaterThan(60);
    ref = refOf(largest);
    version = close.data_version;
    all = await members({}, ref, version, '&limit=200');
  });

  it('pages the colonies in id order, 50 by default', async () => {
    const n = all.count;
    expect(all.colonies.map((c) => c.id)).toEqual(
      all.colonies.map((c) => c.id).sort((a, b) => a - b),
    );
    expect(all.colonies).toHaveLength(n);
    const first = await members({}, ref, version);
    expect(first).toEqual({ ...all, colonies: all.colonies.slice(0, 50) });
    const pages = [];
    for (let offset = 0; offset < n; offset += 30) {
      pages.push(await members({}, ref, version, `&offset=${offset}&limit=30`));
    }
    expect(pages.length).toBe(3);
    expect(pages.map((p) => p.colonies.length)).toEqual([30, 30, n - 60]);
    expect(pages.map((p) => p.offset)).toEqual([0, 30, 60]);
    expect(pages.flatMap((p) => p.colonies)).toEqual(all.colonies);
  });

  it('answers an empty page past the end, with the count and sites', async () => {
    const n = all.count;
    const past = await members({}, ref, version, `&offset=${n}`);
    expect(past).toEqual({ ...all, offset: n, colonies: [] });
    expect((await members({}, ref, version, `&offset=${n - 1}&limit=5`)).colonies).toEqual(
      all.colonies.slice(n - 1),
    );
  });
});

describe('GET /api/public/colonies/clusters/members/: the same markers after the index is gone', () => {
  it('a rebuilt index gives the same cluster ids, in this process and in another', async () => {
    const filters: FilterSet = { hideFlagged: true };
    const before = await clusters(filters, 2, WORLD);
    const clusterMarkers = before.markers.filter((m) => m.kind === 'cluster');
    expect(clusterMarkers.length).toBeGreaterThan(1);
    const listed = await Promise.all(
      clusterMarkers.map((m) => members(filters, refOf(m), before.data_version, '&limit=200')),
    );

    // More other filter sets than the service keeps: this one's index is dropped.
    for (let i = 0; i <= KEPT_FILTER_SETS; i++) {
      await clusters({ absThermalTolerance: [33 + i / 10, 40] }, 2, WORLD);
    }
    const again = await Promise.all(
      clusterMarkers.map((m) => members(filters, refOf(m), before.data_version, '&limit=200')),
    );
    expect(again).toEqual(listed);
    expect(await clusters(filters, 2, WORLD)).toEqual(before);

    // A second process with nothing in memory knows the same clusters.
    const other = await ctx.anotherApp();
    const elsewhere = await Promise.all(
      clusterMarkers.map((m) =>
        members(filters, refOf(m), before.data_version, '&limit=200', other),
      ),
    );
    expect(elsewhere).toEqual(listed);
  });
});

describe('GET /api/public/colonies/clusters/members/: refusals', () => {
  let version: number;
  let site: string;
  beforeAll(async () => {
    const close = await clusters({}, 18, WORLD);
    version = close.data_version;
    site = refOf(close.markers.reduce((a, b) => (b.count > a.count ? b : a)));
  });
  const ask = (query: string) => get(ctx.app, 'clusters/members/', query);
  const expectError = async (query: string, status: number, code: string, message: string) => {
    const response = await ask(query);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<TErrorResponse>();
    expect(body.code).toBe(code);
    expect(body.error).toContain(message);
  };

  it.each([
    ['data_version=1', 'marker: required, site:<latitude>,<longitude> or cluster:<id>'],
    ['marker=site:1,2', 'data_version: required'],
    ['marker=here&data_version=1', 'marker: expected site:<latitude>,<longitude> or cluster:<id>'],
    ['marker=site:1&data_version=1', 'marker: expected site:<latitude>,<longitude>'],
    ['marker=site:1,2,3&data_version=1', 'marker: expected site:<latitude>,<longitude>'],
    ['marker=cluster:-1&data_version=1', 'marker: expected site:<latitude>,<longitude>'],
    ['marker=cluster:1.5&data_version=1', 'marker: expected site:<latitude>,<longitude>'],
    ['marker=site:1,2&data_version=x', 'data_version: expected the data_version'],
    ['marker=site:1,2&data_version=-1', 'data_version: expected the data_version'],
    ['marker=site:1,2&data_version=1&offset=-1', 'offset: expected a whole number from 0'],
    ['marker=site:1,2&data_version=1&offset=x', 'offset: expected a whole number from 0'],
    ['marker=site:1,2&data_version=1&limit=0', 'limit: expected a whole number from 1 to 200'],
    ['marker=site:1,2&data_version=1&limit=201', 'limit: expected a whole number from 1 to 200'],
    ['marker=site:1,2&data_version=1&zoom=3', 'Unknown filter parameter: zoom'],
  ])('%s answers 400 VALIDATION_FAILED: %s', async (query, message) => {
    await expectError(query, 400, 'VALIDATION_FAILED', message);
  });

  it.each([
    ['site:a,b', 'marker: expected site:<latitude>,<longitude> (two numbers'],
    ['site:1e,2', 'marker: expected site:<latitude>,<longitude> (two numbers'],
    ['site:--1,2', 'marker: expected site:<latitude>,<longitude> (two numbers'],
  ])('marker=%s answers 400 BAD_REQUEST: %s', async (marker, message) => {
    const query = `marker=${encodeURIComponent(marker)}&data_version=${version}`;
    await expectError(query, 400, 'BAD_REQUEST', message);
  });

  it('a bad filter answers 400 naming it', async () => {
    await expectError(
      `${site ? `marker=${site}` : ''}&data_version=${version}&years=abc`,
      400,
      'VALIDATION_FAILED',
      'years: expected comma-separated years',
    );
    await expectError(
      `marker=${site}&data_version=${version}&absThermalTolerance=40,30`,
      400,
      'BAD_REQUEST',
      'absThermalTolerance',
    );
  });

  it('another data version answers 409 STALE_DATA_VERSION', async () => {
    for (const stale of [version - 1, version + 1, 0]) {
      await expectError(
        `marker=${site}&data_version=${stale}`,
        409,
        'STALE_DATA_VERSION',
        `data_version ${stale} is not the current one (${version}): the data changed since the marker was given; ask for the clusters again.`,
      );
    }
  });

  it('a site without a matching colony, or an unknown cluster, answers 404 MARKER_NOT_FOUND', async () => {
    await expectError(
      `marker=site:0,0&data_version=${version}`,
      404,
      'MARKER_NOT_FOUND',
      'No colony at site 0,0 passes these filters.',
    );
    // The largest site holds no Porites cylindrica (its colonies are in Fiji).
    const filtered = membersQuery({ species: 'Porites cylindrica' }, site, version);
    await expectError(filtered, 404, 'MARKER_NOT_FOUND', 'passes these filters');
    // A site's coordinates are exact: rounded, they name no site.
    const [latitude, longitude] = site.slice('site:'.length).split(',').map(Number) as [
      number,
      number,
    ];
    const rounded = `site:${latitude.toFixed(2)},${longitude.toFixed(2)}`;
    expect(rounded).not.toBe(site);
    await expectError(
      `marker=${rounded}&data_version=${version}`,
      404,
      'MARKER_NOT_FOUND',
      'No colony at site',
    );
    for (const id of ['0', '999999', '99999999999999999999']) {
      await expectError(
        `marker=cluster:${id}&data_version=${version}`,
        404,
        'MARKER_NOT_FOUND',
        `No cluster`,
      );
    }
  });
});

describe('GET /api/public/colonies/ids/', () => {
  const ids = async (filters: FilterSet) => {
    const response = await get(ctx.app, 'ids/', filterSetToQueryString(filters));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TColonyIds>();
  };
  const browserIds = (filters: FilterSet) =>
    filterColonies(browser.feed, filters, browser.defaults)
      .map((c) => c.id)
      .sort((a, b) => a - b);

  it('answers every public colony without filters, ascending', async () => {
    const answer = await ids({});
    expect(answer.ids).toEqual(browser.feed.map((c) => c.id).sort((a, b) => a - b));
    expect(answer.ids).toHaveLength(682);
    expect(answer.data_version).toBe((await clusters({}, 0, WORLD)).data_version);
  });

  it('answers the colonies the browser shows, for random filter sets', async () => {
    const next = seededRandom(16);
    let nonEmpty = 0;
    for (let i = 0; i < 60; i++) {
      const filters = randomFilterSet(next, browser.feed, browser.defaults);
      const answer = await ids(filters);
      expect(answer.ids, filterSetToQueryString(filters)).toEqual(browserIds(filters));
      expect(answer.ids).toHaveLength((await clusters(filters, 0, WORLD)).matching);
      if (answer.ids.length > 0 && answer.ids.length < 682) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it('refuses bad filters naming them', async () => {
    const response = await get(ctx.app, 'ids/', 'colour=red');
    expect(response.statusCode).toBe(400);
    expect(response.json<TErrorResponse>().error).toContain('Unknown filter parameter: colour');
    const range = await get(ctx.app, 'ids/', 'absThermalTolerance=40,30');
    expect(range.statusCode).toBe(400);
    expect(range.json<TErrorResponse>().error).toContain('absThermalTolerance');
  });
});

describe('GET /api/public/colonies/choices/', () => {
  it("answers the model's species, projects and years, with an ETag", async () => {
    const response = await get(ctx.app, 'choices/', '');
    expect(response.statusCode, response.body).toBe(200);
    const { model } = browser;
    expect(response.json<TColonyChoices>()).toEqual({
      data_version: (await clusters({}, 0, WORLD)).data_version,
      total: 682,
      species: model.species,
      projects: model.projects,
      years: model.years,
    });
    expect(model.species.length).toBeGreaterThan(10);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"colony-choices-v\d+"$/);
    const again = await ctx.app.inject({
      url: '/api/public/colonies/choices/',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const zipped = await ctx.app.inject({
      url: '/api/public/colonies/choices/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(response.json());
  });
});

describe('docs/api.md', () => {
  /** Each example of the map's routes: a URL in backticks, a colon, then its JSON answer. */
  const examples = [
    ...fs
      .readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8')
      .matchAll(
        /^`(\/api\/public\/colonies\/(?:clusters|ids|choices)\/[^`]*)`[^`\n]*(?:\n[^`\n]+)?:\n\n```json\n([\s\S]*?)\n```/gm,
      ),
  ].map(([, url, json]) => [url!, JSON.parse(json!) as unknown] as const);

  it("has examples of the clusters, a marker's members, the ids and the choices", () => {
    const paths = examples.map(([url]) => url.split('?')[0]);
    expect(new Set(paths)).toEqual(
      new Set([
        '/api/public/colonies/clusters/',
        '/api/public/colonies/clusters/members/',
        '/api/public/colonies/ids/',
        '/api/public/colonies/choices/',
      ]),
    );
  });

  it('answers each example as shown (colonies shortened to their first fields)', async () => {
    for (const [url, example] of examples) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toMatchObject(example as object);
    }
  });

  it('answers the refusal and the single colony the text quotes', async () => {
    const text = fs.readFileSync(path.join(repoRoot, 'docs/api.md'), 'utf8');
    const stale = await ctx.app.inject({
      url: '/api/public/colonies/clusters/members/?species=Porites%20cylindrica&marker=cluster:14&data_version=2',
    });
    expect(stale.statusCode).toBe(409);
    expect(text).toContain(`\`${stale.body}\``);
    const single = await clusters({ absThermalTolerance: [37.5, 37.6] }, 18, WORLD);
    const alofau = single.markers.find((m) => m.kind === 'site' && m.colony?.id === 2714);
    expect(alofau).toMatchObject({
      count: 1,
      site: { latitude: -14.274652, longitude: -170.607232 },
      colony: { id: 2714, name: 'Alofau_Porites_lobata_1' },
    });
  });
});
