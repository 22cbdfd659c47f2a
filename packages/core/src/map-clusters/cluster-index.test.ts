import { describe, expect, it } from 'vitest';
import type { TColony } from '../contract';
import { colony } from '../../test/test-colonies';
import { buildClusterIndex, frameBox } from './cluster-index';
import { buildMapModel, selectColonies } from './map-model';

describe('frameBox', () => {
  it('moves the view into the rotated frame', () => {
    expect(frameBox({ west: 170, south: -25, east: 195, north: -5 }, 183.5)).toEqual([
      -13.5, -25, 11.5, -5,
    ]);
    expect(frameBox({ west: -10, south: 0, east: 10, north: 5 }, 0)).toEqual([-10, 0, 10, 5]);
  });

  it('shows everything when the view is a world wide or wider', () => {
    expect(frameBox({ west: -200, south: -80, east: 160, north: 80 }, 183.5)).toEqual([
      -180, -80, 180, 80,
    ]);
    expect(frameBox({ west: -400, south: -85, east: 320, north: 85 }, 0)).toEqual([
      -180, -85, 180, 85,
    ]);
  });
});

describe('hasCluster', () => {
  // Three sites close together and one far away: at zoom 0 the three are one cluster.
  const colonies = [
    [10, 20],
    [10.001, 20.001],
    [10.002, 20.002],
    [-40, -100],
  ].map(([latitude, longitude], id) => ({ ...colony(), id, latitude, longitude }) as TColony);
  const index = buildClusterIndex(selectColonies(buildMapModel(colonies), null));
  const clusters = index
    .markers([-180, -85, 180, 85], 0)
    .filter((marker) => marker.kind === 'cluster');

  // Every cluster of the index is a marker at some zoom of a world view.
  const made = new Set<number>();
  for (let zoom = 0; zoom <= 18; zoom++) {
    for (const marker of index.markers([-180, -85, 180, 85], zoom)) {
      if (marker.kind === 'cluster') made.add(marker.clusterId);
    }
  }

  it('knows the clusters it made, at every zoom', () => {
    expect(clusters).toHaveLength(1);
    expect(index.colonies(clusters[0]!.clusterId).sort()).toEqual([0, 1, 2]);
    expect(made.size).toBeGreaterThan(1);
    for (const id of made) expect(index.hasCluster(id)).toBe(true);
  });

  it('refuses ids it never made instead of throwing', () => {
    const unknown = [...Array(1000).keys()].filter((id) => !made.has(id));
    for (const id of [...unknown, -5, 1.5, 2 ** 60, Number.NaN]) {
      expect(index.hasCluster(id), String(id)).toBe(false);
    }
  });
});
