import { describe, expect, it } from 'vitest';
import { buildColonies, buildColony } from '../testing/colonies';
import {
  buildClusterIndex,
  buildMapModel,
  MAX_MAP_ZOOM,
  selectColonies,
  toMap,
} from '@coral/core/map-clusters';
import { colorScale, NO_DATA_COLOR, SCALE_COLORS } from './color-scale';

describe('buildMapModel', () => {
  const colonies = [
    ...buildColonies(),
    buildColony({ id: 659, name: 'Vatu-o-lalai_Porites_cylindrica_2' }),
  ];
  const model = buildMapModel(colonies);

  it('puts colonies with the same coordinates on one site', () => {
    expect(Array.from(model.siteOf)).toEqual([0, 1, 2, 0]);
    expect(model.siteLatitude).toHaveLength(3);
  });

  it('lists distinct sorted species, projects (duplicates once) and years', () => {
    expect(model.species).toEqual(['Acropora hyacinthus', 'Porites cylindrica', 'Porites lobata']);
    expect(model.projects).toEqual([
      '2022_FJI_Viti_Levu_ElisaJahreis',
      'Another project',
      'GlobalSearch_AmSamoa',
      'GlobalSearch_GBR',
    ]);
    expect(model.years).toEqual([2022, 2222]);
  });

  it('colours by the mean of trustworthy ED50 values; a failed fit alone gives no colour', () => {
    expect(model.ed50Absolute[0]).toBeCloseTo((37.57 + 37.75) / 2, 9);
    expect(model.ed50Relative[0]).toBeCloseTo((9.12 + 9.3) / 2, 9);
    expect(model.ed50Absolute[1]).toBeNaN(); // 2365.11 °C is flagged implausible
    expect(model.ed50Relative[1]).toBeNaN();
  });
});

describe('selectColonies', () => {
  const model = buildMapModel(buildColonies());

  it('keeps every colony without a filter, grouped by site', () => {
    const selection = selectColonies(model, null);
    expect(selection.count).toBe(3);
    expect(Array.from(selection.colonyIndices)).toEqual([0, 1, 2]);
    expect(selection.sites.map((s) => s.colonies)).toEqual([[0], [1], [2]]);
  });

  it('keeps Fiji and American Samoa together across the antimeridian', () => {
    const selection = selectColonies(model, (c) => c.country !== 'AUS');
    const [fiji, samoa] = selection.sites;
    expect(Math.abs(fiji!.frameLongitude - samoa!.frameLongitude)).toBeCloseTo(
      360 - 177.6889888 - 170.607232,
      6,
    );
    // The view: 11.7° wide, centred between them, not 348° around the world.
    const { west, east } = selection.bounds!;
    expect(east - west).toBeLessThan(12);
    const centre = toMap(selection.mean!.frameLongitude, selection.offset);
    expect(Math.abs(Math.abs(centre) - 176.5)).toBeLessThan(1);
  });

  it('has no view for an empty selection', () => {
    const selection = selectColonies(model, () => false);
    expect(selection.count).toBe(0);
    expect(selection.mean).toBeNull();
    expect(selection.bounds).toBeNull();
  });

  it('weights the mean by colonies', () => {
    const two = buildMapModel([buildColony(), buildColony({ id: 2 }), buildColonies()[2]!]);
    const selection = selectColonies(two, null);
    expect(selection.mean!.latitude).toBeCloseTo((2 * -18.20583554 - 18.82768) / 3, 9);
  });
});

describe('buildClusterIndex', () => {
  const model = buildMapModel(buildColonies());

  it('clusters Fiji with American Samoa when zoomed out, and counts colonies', () => {
    const selection = selectColonies(model, null);
    const index = buildClusterIndex(selection);
    const world = index.markers([-180, -85, 180, 85], 2);
    const cluster = world.find((m) => m.kind === 'cluster');
    expect(cluster?.count).toBe(2);
    expect(world.reduce((sum, m) => sum + m.count, 0)).toBe(3);
    const zoomedIn = index.markers([-180, -85, 180, 85], 8);
    expect(zoomedIn.every((m) => m.kind === 'site')).toBe(true);
  });

  it('keeps colonies that share coordinates on one site marker at every zoom', () => {
    const same = buildMapModel(
      Array.from({ length: 120 }, (_, i) => buildColony({ id: i, name: `c${i}` })),
    );
    const index = buildClusterIndex(selectColonies(same, null));
    for (const zoom of [0, 5, MAX_MAP_ZOOM]) {
      const markers = index.markers([-180, -85, 180, 85], zoom);
      expect(markers).toHaveLength(1);
      expect(markers[0]).toMatchObject({ kind: 'site', count: 120 });
    }
  });

  it('lists a cluster’s colonies and knows when it falls apart', () => {
    const near = buildMapModel([
      buildColony({ id: 1 }),
      buildColony({ id: 2, latitude: -18.2058356, longitude: 177.6889889 }),
    ]);
    const index = buildClusterIndex(selectColonies(near, null));
    const [cluster] = index.markers([-180, -85, 180, 85], MAX_MAP_ZOOM);
    expect(cluster?.kind).toBe('cluster');
    if (cluster?.kind !== 'cluster') return;
    // About 1 cm apart: still together at the map's highest zoom, so the map lists them.
    expect(index.expansionZoom(cluster.clusterId)).toBeGreaterThan(MAX_MAP_ZOOM);
    expect(index.colonies(cluster.clusterId).sort()).toEqual([0, 1]);
  });

  it('sums colour values in clusters', () => {
    const index = buildClusterIndex(selectColonies(model, null));
    const [all] = index.markers([-180, -85, 180, 85], 0);
    expect(all).toMatchObject({ count: 3, countAbsolute: 2 });
    expect(all!.sumAbsolute).toBeCloseTo(37.66 + 35.2, 9);
  });
});

describe('colorScale', () => {
  const scale = colorScale({ min: 30, max: 40 });
  it.each([
    [30, SCALE_COLORS[0]],
    [31.99, SCALE_COLORS[0]],
    [32, SCALE_COLORS[1]],
    [35, SCALE_COLORS[2]],
    [39.99, SCALE_COLORS[4]],
    [40, SCALE_COLORS[4]],
    [25, SCALE_COLORS[0]],
    [2365, SCALE_COLORS[4]],
    [Number.NaN, NO_DATA_COLOR],
  ])('%s → %s', (value, color) => {
    expect(scale.colorOf(value)).toBe(color);
  });

  it('has five bins from min to max', () => {
    expect(scale.bins.map((b) => [b.from, b.to])).toEqual([
      [30, 32],
      [32, 34],
      [34, 36],
      [36, 38],
      [38, 40],
    ]);
  });

  it('copes with an empty range', () => {
    expect(colorScale({ min: 5, max: 5 }).colorOf(5)).toBe(SCALE_COLORS[2]);
  });
});

describe('the unfiltered selection', () => {
  it('is computed once per model, so a reset reuses it (and its cluster index)', () => {
    const model = buildMapModel(buildColonies());
    const all = selectColonies(model, null);
    expect(selectColonies(model, null)).toBe(all);
    expect(selectColonies(model, () => true)).not.toBe(all);
    expect(selectColonies(buildMapModel(buildColonies()), null)).not.toBe(all);
  });
});
