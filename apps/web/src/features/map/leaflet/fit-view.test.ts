import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelectionFrame } from '../markers/marker-source';
import { fittedView, fitView } from './fit-view';

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1280);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const frame = (offset: number, bounds: SelectionFrame['bounds'] & object): SelectionFrame => ({
  count: 10,
  offset,
  mean: { latitude: (bounds.south + bounds.north) / 2, frameLongitude: bounds.west },
  bounds,
});

describe('fittedView', () => {
  it.each([
    ['the seed, world wide', frame(0, { south: -23.9, west: -170.8, north: 25.5, east: 177.7 })],
    // Fiji and American Samoa in a frame rotated across the antimeridian.
    ['across the antimeridian', frame(-176, { south: -18.3, west: -6.3, north: -14.2, east: 5.4 })],
    ['one site', frame(0, { south: -18.2, west: 177.7, north: -18.2, east: 177.7 })],
    ['one reef', frame(0, { south: -18.3, west: 177.6, north: -18.1, east: 177.8 })],
  ])('is the view and zoom the fit gives: %s', (_, selection) => {
    const container = document.createElement('div');
    document.body.append(container);
    const map = L.map(container, { center: [0, 160], zoom: 2 });
    const padding = {
      topLeft: [400, 64] as [number, number],
      bottomRight: [64, 64] as [number, number],
    };
    const ahead = fittedView(map, selection, padding)!;
    fitView(map, selection, padding);
    expect(ahead.zoom).toBe(map.getZoom());
    // Leaflet rounds its pixel origin: the corners agree to a pixel.
    const view = map.getBounds();
    const pixels = (lat: number, lng: number) => map.project([lat, lng], ahead.zoom);
    const [southWest, northEast] = [
      pixels(ahead.view.south, ahead.view.west),
      pixels(ahead.view.north, ahead.view.east),
    ];
    expect(southWest.distanceTo(pixels(view.getSouth(), view.getWest()))).toBeLessThanOrEqual(1);
    expect(northEast.distanceTo(pixels(view.getNorth(), view.getEast()))).toBeLessThanOrEqual(1);
    map.remove();
  });

  it('is null without colonies', () => {
    const map = L.map(document.body.appendChild(document.createElement('div')));
    expect(
      fittedView(
        map,
        { count: 0, offset: 0, mean: null, bounds: null },
        {
          topLeft: [0, 0],
          bottomRight: [0, 0],
        },
      ),
    ).toBeNull();
    map.remove();
  });
});
