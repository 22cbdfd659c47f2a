import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDraftColony } from '@/testing/datasets';
import type { MarkerSet, MarkerSource, SourceMarker, ViewBox } from '../markers/marker-source';
import { colorScale } from '../utils/color-scale';
import { ColonyMapController, type PopupRequest } from './colony-map-controller';

/** jsdom lays nothing out: give the map a size so Leaflet has a view to draw in. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function openMap() {
  const container = document.createElement('div');
  document.body.append(container);
  const popups: (PopupRequest | null)[] = [];
  const map = new ColonyMapController(container, {
    tiles: { street: 'https://tiles.example.org/{z}/{x}/{y}.png', satellite: 'x' },
    onPopup: (request) => popups.push(request),
  });
  map.map.setView([-18, 178], 5, { animate: false });
  return { map, container, popups };
}

describe('draft markers', () => {
  it('draws one dashed marker per place and opens a draft popup on click', () => {
    const { map, container, popups } = openMap();
    map.setDrafts([
      buildDraftColony(),
      buildDraftColony({ id: 9002, name: 'Draft_Porites_2' }),
      buildDraftColony({ id: 9003, name: 'Elsewhere', latitude: -17.5, longitude: 177.9 }),
    ]);
    const markers = [...container.querySelectorAll('.colony-marker--draft')];
    expect(markers.map((marker) => marker.getAttribute('aria-label')).sort()).toEqual(
      ['2 draft colonies at -18.1000, 178.4000', 'Draft colony Elsewhere'].sort(),
    );
    (
      markers.find((m) => m.getAttribute('aria-label') === 'Draft colony Elsewhere') as HTMLElement
    ).click();
    expect(popups.at(-1)?.drafts?.map((draft) => draft.name)).toEqual(['Elsewhere']);
    expect(popups.at(-1)?.members).toBeUndefined();

    map.setDrafts([]);
    expect(container.querySelectorAll('.colony-marker--draft')).toHaveLength(0);
    map.destroy();
  });
});

describe('bundled land', () => {
  it('draws the land under the tiles, without the network', async () => {
    const { map, container } = openMap();
    await map.landDrawn;
    const pane = container.querySelector<HTMLElement>('.leaflet-land-pane')!;
    expect(Number(pane.style.zIndex)).toBeLessThan(200); // Leaflet's tile pane
    expect(pane.querySelectorAll('path').length).toBeGreaterThanOrEqual(3); // three world copies
    map.destroy();
  });
});

/** A source whose answers the test gives, one promise per request. */
function heldSource() {
  const asked: { view: ViewBox; zoom: number; answer: (set: MarkerSet) => void }[] = [];
  const source: MarkerSource = {
    frame: () => ({
      count: 2,
      offset: 0,
      mean: { latitude: -18, frameLongitude: 178 },
      bounds: { south: -19, west: 177, north: -17, east: 179 },
    }),
    markers: (view, zoom) =>
      new Promise<MarkerSet>((resolve) => asked.push({ view, zoom, answer: resolve })),
    forget: () => undefined,
  };
  return { source, asked };
}

const site = (name: string, latitude: number, frameLongitude: number): SourceMarker => ({
  kind: 'site',
  latitude,
  frameLongitude,
  count: 1,
  sumAbsolute: 37,
  countAbsolute: 1,
  sumRelative: 9,
  countRelative: 1,
  site: { latitude, longitude: frameLongitude },
  colonyName: name,
  expansionZoom: () => Infinity,
  members: () => {
    throw new Error('not opened here');
  },
});

const scale = colorScale({ min: 30, max: 40 });
const drawn = (container: HTMLElement) =>
  [...container.querySelectorAll('.colony-marker')].map((m) => m.getAttribute('aria-label'));
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('markers from a source that answers later (server mode)', () => {
  it('fits the selection, draws its first answer and marks it; keeps the markers until the next answer', async () => {
    const { map, container } = openMap();
    const { source, asked } = heldSource();
    const marks = vi.spyOn(performance, 'mark');
    map.setSelection({ source, colorMode: 'absolute', scale });
    expect(asked).toHaveLength(1);
    expect(map.map.getCenter().lat).toBeCloseTo(-18, 0);
    asked[0]!.answer({ offset: 0, markers: [site('A', -18, 178)] });
    await settled();
    expect(drawn(container)).toEqual(['Colony A']);
    expect(marks).toHaveBeenCalledWith('map:clusters-rendered', expect.anything());

    map.map.panBy([50, 0], { animate: false });
    expect(asked).toHaveLength(2);
    // Asked, not answered: the markers drawn stay, and the map says it is busy.
    expect(drawn(container)).toEqual(['Colony A']);
    expect(container.getAttribute('aria-busy')).toBe('true');
    asked[1]!.answer({ offset: 0, markers: [site('B', -18.1, 178.1)] });
    await settled();
    expect(drawn(container)).toEqual(['Colony B']);
    expect(container.getAttribute('aria-busy')).toBeNull();
    map.destroy();
  });

  it('drops the answer to a view the map has moved on from, even when it comes last', async () => {
    const { map, container } = openMap();
    const { source, asked } = heldSource();
    map.setSelection({ source, colorMode: 'absolute', scale });
    asked[0]!.answer({ offset: 0, markers: [site('First', -18, 178)] });
    await settled();
    map.map.panBy([50, 0], { animate: false });
    map.map.panBy([50, 0], { animate: false });
    expect(asked).toHaveLength(3);
    asked[2]!.answer({ offset: 0, markers: [site('Latest', -18, 178)] });
    await settled();
    asked[1]!.answer({ offset: 0, markers: [site('Older', -18, 178)] });
    await settled();
    expect(drawn(container)).toEqual(['Colony Latest']);
    map.destroy();
  });
});

describe('fitting a new selection', () => {
  it('draws the drafts of the fitted view', () => {
    const { map, container } = openMap();
    map.setDrafts([buildDraftColony({ name: 'Curaçao draft', latitude: 12.1, longitude: -68.9 })]);
    expect(container.querySelectorAll('.colony-marker--draft')).toHaveLength(0);
    const caribbean: MarkerSource = {
      frame: () => ({
        count: 1,
        offset: 0,
        mean: { latitude: 12.1, frameLongitude: -68.9 },
        bounds: { south: 12, west: -69, north: 12.2, east: -68.8 },
      }),
      markers: () => ({ offset: 0, markers: [site('Curaçao', 12.1, -68.9)] }),
      forget: () => undefined,
    };
    map.setSelection({ source: caribbean, colorMode: 'absolute', scale });
    expect(drawn(container).sort()).toEqual(['Colony Curaçao', 'Draft colony Curaçao draft']);
    map.destroy();
  });
});
