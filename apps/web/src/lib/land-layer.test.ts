import { describe, expect, it } from 'vitest';
import { loadLand, unwrapRing } from './land-layer';

/**
 * Every edge of the land's rings, as [from, to] longitudes, but those along a pole: they lie
 * beyond the map's edge (Web Mercator ends at 85°).
 */
function edges(land: GeoJSON.FeatureCollection | GeoJSON.Feature): [number, number][] {
  const features = land.type === 'Feature' ? [land] : land.features;
  const found: [number, number][] = [];
  for (const { geometry } of features) {
    const polygons =
      geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : geometry.type === 'Polygon'
          ? [geometry.coordinates]
          : [];
    for (const ring of polygons.flat()) {
      for (let i = 1; i < ring.length; i++) {
        const [from, to] = [ring[i - 1]!, ring[i]!];
        if (Math.abs(from[1]!) === 90 && from[1] === to[1]) continue;
        found.push([from[0]!, to[0]!]);
      }
    }
  }
  return found;
}

describe('bundled land', () => {
  it('has no edge across the world at the antimeridian (no faint lines at Fiji, Chukotka)', async () => {
    const land = await loadLand();
    const across = edges(land).filter(([from, to]) => Math.abs(to - from) > 180);
    expect(across).toEqual([]);
    expect(edges(land).length).toBeGreaterThan(4000);
  });

  it('keeps a ring cut at 180° in one piece beside itself', () => {
    expect(
      unwrapRing([
        [179, -16],
        [180, -16.5],
        [-179.5, -16.8],
        [-180, -17],
        [179, -16],
      ]),
    ).toEqual([
      [179, -16],
      [180, -16.5],
      [180.5, -16.8],
      [180, -17],
      [179, -16],
    ]);
  });

  it('closes a ring round the south pole along the pole', () => {
    expect(
      unwrapRing([
        [-180, -80],
        [0, -70],
        [179, -80],
        [-180, -80.2],
      ]),
    ).toEqual([
      [-180, -80],
      [0, -70],
      [179, -80],
      [180, -80.2],
      [180, -90],
      [-180, -90],
      [-180, -80],
    ]);
  });
});
