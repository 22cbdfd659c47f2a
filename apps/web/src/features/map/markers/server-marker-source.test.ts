import { describe, expect, it } from 'vitest';
import { buildMapModel, selectColonies } from '@coral/core/map-clusters';
import { mockApi } from '@/testing/mock-api';
import { clustersApi } from '../testing/clusters-api';
import { buildColonies, buildColony } from '../testing/colonies';
import { browserMarkerSource } from './browser-marker-source';
import type { MarkerSet, ViewBox } from './marker-source';
import { ServerMarkerSource } from './server-marker-source';

const signal = new AbortController().signal;

/** Colonies either side of the antimeridian and around the GBR, some sharing a site. */
const colonies = [
  ...buildColonies(),
  ...Array.from({ length: 12 }, (_, i) =>
    buildColony({
      id: 2000 + i,
      name: `Spread ${i}`,
      latitude: -20 + i * 0.7,
      longitude: i % 2 === 0 ? 175 + i * 0.8 : -178 + i * 0.9,
    }),
  ),
];

function serve() {
  const server = clustersApi(colonies);
  const fetchMock = mockApi(server.handlers);
  const clusterCalls = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(input as string, 'http://localhost'))
      .filter((url) => url.pathname === '/api/public/colonies/clusters/');
  return { clusterCalls };
}

const describeSet = (set: MarkerSet) =>
  set.markers
    .map((m) => `${m.kind} ${m.count} ${m.latitude.toFixed(6)} ${m.frameLongitude.toFixed(6)}`)
    .sort();

describe('ServerMarkerSource', () => {
  it('gives, view after view, the markers the browser draws there', async () => {
    serve();
    const model = buildMapModel(colonies);
    const browser = browserMarkerSource(model, selectColonies(model, null));
    const server = new ServerMarkerSource({});
    const views: [ViewBox, number][] = [
      [{ west: -300, south: -80, east: 300, north: 80 }, 1],
      [{ west: 150, south: -40, east: 210, north: 0 }, 4],
      // The same place a world further west: the other side of the seam.
      [{ west: -210, south: -40, east: -150, north: 0 }, 4],
      [{ west: 170, south: -25, east: 185, north: -10 }, 6],
      [{ west: 176, south: -19, east: 180, north: -17 }, 9],
      [{ west: 140, south: -30, east: 160, north: -10 }, 5],
    ];
    for (const [view, zoom] of views) {
      const fromServer = await server.markers(view, zoom, signal);
      const inBrowser = browser.markers(view, zoom, signal) as MarkerSet;
      expect(describeSet(fromServer), JSON.stringify(view)).toEqual(describeSet(inBrowser));
      expect(fromServer.markers.length).toBeGreaterThan(0);
    }
  });

  it('asks for a zoom and a box around the view, and draws a pan within it without asking', async () => {
    const { clusterCalls } = serve();
    const server = new ServerMarkerSource({ species: 'Porites lobata' });
    const view = { west: 140, south: -30, east: 160, north: -10 };
    await server.markers(view, 5.2, signal);
    expect(clusterCalls()).toHaveLength(1);
    const asked = clusterCalls()[0]!.searchParams;
    expect(asked.get('zoom')).toBe('5');
    expect(asked.get('bbox')).toBe('130,-40,170,0');
    expect(asked.get('species')).toBe('Porites lobata');

    // Panned by a quarter of the view: at hand, at once.
    const panned = server.markers({ ...view, west: 145, east: 165 }, 5, signal);
    expect(panned).not.toBeInstanceOf(Promise);
    // Farther, or another zoom: asked for; back to zoom 5: at hand again.
    await server.markers({ ...view, west: 160, east: 180 }, 5, signal);
    await server.markers(view, 6, signal);
    expect(clusterCalls()).toHaveLength(3);
    expect(server.markers(view, 5, signal)).not.toBeInstanceOf(Promise);
    // Its data changed: nothing is at hand.
    server.forget();
    expect(server.markers(view, 5, signal)).toBeInstanceOf(Promise);
  });

  it('tells its subscribers the counts when an answer changes them', async () => {
    serve();
    const server = new ServerMarkerSource({ years: '2222' });
    const counts: unknown[] = [];
    const unsubscribe = server.subscribe((c) => counts.push(c));
    await server.frame({ west: -180, south: -80, east: 180, north: 80 }, 2, signal);
    expect(counts).toEqual([{ matching: 2, total: colonies.length }]);
    // Another view, the same counts: nothing to tell.
    await server.markers({ west: 140, south: -30, east: 160, north: -10 }, 5, signal);
    expect(counts).toHaveLength(1);
    // A late subscriber hears the latest at once.
    const late: unknown[] = [];
    server.subscribe((c) => late.push(c));
    expect(late).toEqual(counts);
    unsubscribe();
  });
});

describe('ServerMarkerSource, requests on their way', () => {
  const view = { west: 140, south: -30, east: 160, north: -10 };

  it('gives the markers of a prefetched view from that one request', async () => {
    const { clusterCalls } = serve();
    const server = new ServerMarkerSource({});
    server.prefetch(view, 5, signal);
    const markers = server.markers({ ...view, west: 142, east: 162 }, 5, signal);
    expect(markers).toBeInstanceOf(Promise);
    expect((await markers).markers.length).toBeGreaterThan(0);
    expect(clusterCalls()).toHaveLength(1);
    // At hand afterwards; a prefetch of what is at hand asks nothing.
    server.prefetch(view, 5, signal);
    expect(clusterCalls()).toHaveLength(1);
  });

  it('does not wait for a request whose round was given up', async () => {
    const { clusterCalls } = serve();
    const server = new ServerMarkerSource({});
    const first = new AbortController();
    server.prefetch(view, 5, first.signal);
    first.abort();
    await server.markers(view, 5, signal);
    expect(clusterCalls()).toHaveLength(2);
  });
});
