import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileColonyFilter,
  defaultRangesFromMaxMin,
  filterSetToQueryString,
  isEmptyFilterSet,
  normalizeFilterSet,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DefaultRanges,
  type FilterSet,
  type TColony,
  type TColonyClusters,
  type TErrorResponse,
} from '@coral/core';
import {
  buildClusterIndex,
  buildMapModel,
  frameBox,
  selectColonies,
  type MapModel,
} from '@coral/core/map-clusters';
import { createTestApp, type TestContext } from '../../../test/test-app';

/**
 * The server's markers are the browser's: for a filter set, zoom and view, GET
 * /api/public/colonies/clusters/ answers the markers the map computes from the whole feed
 * (the map-page path: buildMapModel, compileColonyFilter with the max-min defaults,
 * selectColonies, buildClusterIndex, the view's frame box).
 */
let ctx: TestContext;
let feed: TColony[];
let defaults: DefaultRanges;
let model: MapModel;

beforeAll(async () => {
  ctx = await createTestApp();
  feed = (await ctx.app.inject({ method: 'GET', url: '/api/public/colonies/' })).json<TColony[]>();
  const answers = await Promise.all(
    THRESHOLD_KINDS.map(async (kind) => {
      const url = `/api/public/${THRESHOLD_KIND_INFO[kind].maxMinPath}/max-min/`;
      return [kind, (await ctx.app.inject({ method: 'GET', url })).json()] as const;
    }),
  );
  defaults = defaultRangesFromMaxMin(Object.fromEntries(answers));
  model = buildMapModel(feed);
});
afterAll(() => ctx.close());

type View = { west: number; south: number; east: number; north: number };
const bboxText = (v: View) => `${v.west},${v.south},${v.east},${v.north}`;

const get = (query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/public/colonies/clusters/?${query}` });

async function server(filters: FilterSet, zoom: number, view: View): Promise<TColonyClusters> {
  const filterQuery = filterSetToQueryString(filters);
  const response = await get(
    `${filterQuery}${filterQuery ? '&' : ''}zoom=${zoom}&bbox=${bboxText(view)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TColonyClusters>();
}

/** What the map page shows for the same filter set, zoom and view, in the answer's terms. */
function browser(filters: FilterSet, zoom: number, view: View) {
  const applied = normalizeFilterSet(filters, defaults);
  const passes = isEmptyFilterSet(applied) ? null : compileColonyFilter(applied, defaults);
  const selection = selectColonies(model, passes);
  const index = buildClusterIndex(selection);
  return {
    matching: selection.count,
    offset: selection.offset,
    mean: selection.mean,
    bounds: selection.bounds,
    markers: index.markers(frameBox(view, selection.offset), zoom).map((marker) => ({
      kind: marker.kind,
      latitude: marker.latitude,
      frameLongitude: marker.frameLongitude,
      count: marker.count,
      sumAbsolute: marker.sumAbsolute,
      countAbsolute: marker.countAbsolute,
      sumRelative: marker.sumRelative,
      countRelative: marker.countRelative,
      ...(marker.kind === 'site'
        ? {
            site: {
              latitude: model.siteLatitude[marker.site.site]!,
              longitude: model.siteLongitude[marker.site.site]!,
            },
            ...(marker.site.colonies.length === 1
              ? {
                  colony: {
                    id: feed[marker.site.colonies[0]!]!.id,
                    name: feed[marker.site.colonies[0]!]!.name,
                  },
                }
              : {}),
          }
        : { id: marker.clusterId, expansionZoom: index.expansionZoom(marker.clusterId) }),
    })),
  };
}

const WORLD: View = { west: -180, south: -85, east: 180, north: 85 };
const FILTER_SETS: [string, FilterSet][] = [
  ['no filter', {}],
  ['a species', { species: 'Porites cylindrica' }],
  ['a project', { project: 'GlobalSearch_Carib' }],
  ['an ED50 range', { absThermalTolerance: [37.5, 37.6] }],
  ['hide flagged values', { hideFlagged: true }],
  ['years nobody has', { years: [1999] }],
];
const VIEWS: [string, number, View][] = [
  ['the world at zoom 0', 0, WORLD],
  ['the world at zoom 3', 3, WORLD],
  ['two worlds wide', 1, { west: -400, south: -85, east: 320, north: 85 }],
  ['Fiji and Samoa across the antimeridian', 6, { west: 170, south: -25, east: 195, north: -5 }],
  ['the same, one world west', 6, { west: -190, south: -25, east: -165, north: -5 }],
  ['three Fiji sites at zoom 12', 12, { west: 177.6, south: -18.3, east: 177.8, north: -18.1 }],
  ['Curaçao at zoom 10', 10, { west: -69.1, south: 12, east: -68.8, north: 12.2 }],
  ['everything at zoom 18', 18, WORLD],
];

describe('GET /api/public/colonies/clusters/: the markers the browser computes', () => {
  for (const [filterName, filters] of FILTER_SETS) {
    it.each(VIEWS)(`${filterName}: %s`, async (_, zoom, view) => {
      const answer = await server(filters, zoom, view);
      const expected = browser(filters, zoom, view);
      expect(answer.total).toBe(feed.length);
      expect(answer.matching).toBe(expected.matching);
      expect({ offset: answer.offset, mean: answer.mean, bounds: answer.bounds }).toEqual({
        offset: expected.offset,
        mean: expected.mean,
        bounds: expected.bounds,
      });
      expect(
        // The world copy a marker is drawn in is checked below.
        answer.markers.map(({ longitude: _longitude, ...rest }) => rest),
      ).toEqual(expected.markers);
    });
  }

  it('covers markers of both kinds, and counts every colony of the seed in the world view', async () => {
    const world = await server({}, 0, WORLD);
    expect(world.total).toBe(682);
    expect(world.matching).toBe(682);
    expect(world.markers.reduce((sum, m) => sum + m.count, 0)).toBe(682);
    const close = await server({}, 18, WORLD);
    expect(close.markers.every((m) => m.kind === 'site')).toBe(true);
    expect(close.markers.reduce((sum, m) => sum + m.count, 0)).toBe(682);
    // Each site once, at its stored coordinates (those of its colonies).
    const sites = close.markers.map((m) =>
      m.kind === 'site' ? `${m.site.latitude},${m.site.longitude}` : '',
    );
    expect(new Set(sites)).toEqual(new Set(feed.map((c) => `${c.latitude},${c.longitude}`)));
    // Fiji (177.7°) and American Samoa (−170.7°) are one cluster (decision 0008).
    const twoWorlds = await server({}, 1, { west: -400, south: -85, east: 320, north: 85 });
    expect(twoWorlds.markers.filter((m) => m.count === 176).map((m) => m.kind)).toEqual([
      'cluster',
    ]);
    const fiji = await server({}, 12, { west: 177.6, south: -18.3, east: 177.8, north: -18.1 });
    expect(fiji.markers.map((m) => m.count).sort((a, b) => a - b)).toEqual([10, 10, 50]);
  });

  it('places markers in the world copy of the view', async () => {
    const east = await server({}, 6, { west: 170, south: -25, east: 195, north: -5 });
    const west = await server({}, 6, { west: -190, south: -25, east: -165, north: -5 });
    expect(east.markers.length).toBeGreaterThan(0);
    expect(east.markers.map((m) => m.longitude - 360)).toEqual(
      west.markers.map((m) => m.longitude),
    );
    for (const m of east.markers) expect(m.longitude).toBeGreaterThanOrEqual(165);
  });

  it('lists no colonies on markers, and names the colony of a site that holds one', async () => {
    const answers = await Promise.all(VIEWS.map(([, zoom, view]) => server({}, zoom, view)));
    const markers = answers.flatMap((answer) => answer.markers);
    for (const marker of markers) expect(marker).not.toHaveProperty('colonyIds');
    const fiji = await server({ species: 'Porites cylindrica' }, 18, WORLD);
    const single = await server({ absThermalTolerance: [37.5, 37.6] }, 18, WORLD);
    const singles = single.markers.filter((m) => m.kind === 'site' && m.count === 1);
    expect(singles.length).toBeGreaterThan(0);
    for (const marker of [...fiji.markers, ...single.markers]) {
      if (marker.kind !== 'site') continue;
      if (marker.count > 1) expect(marker).not.toHaveProperty('colony');
      else {
        const colony = feed.find((c) => c.id === marker.colony?.id)!;
        expect(marker.colony).toEqual({ id: colony.id, name: colony.name });
        expect(marker.site).toEqual({ latitude: colony.latitude, longitude: colony.longitude });
      }
    }
  });
});

describe('GET /api/public/colonies/clusters/: bad input', () => {
  const view = 'zoom=3&bbox=-180,-85,180,85';
  it.each([
    ['zoom=3', 'bbox: required'],
    ['bbox=-180,-85,180,85', 'zoom: required'],
    ['zoom=x&bbox=-180,-85,180,85', 'zoom: expected a number from 0 to 18'],
    ['zoom=19&bbox=-180,-85,180,85', 'zoom: expected a number from 0 to 18'],
    ['zoom=-1&bbox=-180,-85,180,85', 'zoom: expected a number from 0 to 18'],
    ['zoom=3&bbox=-180,-85,180', 'bbox: expected west,south,east,north'],
    ['zoom=3&bbox=a,b,c,d', 'bbox: expected west,south,east,north'],
    ['zoom=3&bbox=-180,10,180,-10', 'bbox: expected west,south,east,north'],
    ['zoom=3&bbox=20,-85,10,85', 'bbox: expected west,south,east,north'],
    ['zoom=3&bbox=-180,-95,180,85', 'bbox: expected west,south,east,north'],
    [`${view}&colour=red`, 'Unknown filter parameter: colour'],
    [`${view}&years=abc`, 'years: expected comma-separated years'],
    [`${view}&absThermalTolerance=40,30`, 'absThermalTolerance'],
  ])('%s answers 400: %s', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<TErrorResponse>().error).toContain(message);
  });
});
