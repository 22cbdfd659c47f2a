import { describe, expect, it } from 'vitest';
import type { TColony } from '../contract';
import { thresholdEntry } from '../contract/thresholds';
import { colonyPredicate } from '../filters/filter-predicate';
import {
  compileColonyFilter,
  isEmptyFilterSet,
  normalizeFilterSet,
} from '../filters/filter-engine';
import type { FilterSet } from '../filters/filter-set';
import {
  QUALITY_FLAGS,
  UNTRUSTWORTHY_FLAG_CODES as QUALITY_FLAGS_UNTRUSTWORTHY,
} from '../thresholds/quality-flags';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { randomFilterSet, seededRandom } from '../../test/random-filter-sets';
import { TEST_DEFAULTS as defaults } from '../../test/test-colonies';
import { selectionFacts } from '../../test/map-selection-facts';
import { buildClusterIndex, frameBox } from './cluster-index';
import { columnsFromColonies, type ColonyColumns } from './colony-columns';
import { decodeColonyColumns, encodeColonyColumns } from './colony-columns-codec';
import {
  assembleColumnarModel,
  colonyFacts,
  matchingColonies,
  selectColumnar,
  summarizeColumnarSites,
  type ColumnarMapModel,
} from './columnar-model';
import { summarizeSites } from './site-summary';
import { buildMapModel, selectColonies } from './map-model';

const FLAGS = Object.values(QUALITY_FLAGS);
const SITES: [number, number][] = [
  [-18.2, 177.7], // Fiji and American Samoa: across the antimeridian
  [-14.3, -170.7],
  [12.1, -68.9],
  [12.1, -68.91],
  [12.10002, -68.90001], // the same popup site as [12.1, -68.9] (4 decimals)
  [-18.5, 147.5],
  [22.3, 39.0],
  [0, 0],
  [-18.523456789, 147.123456789],
];
const SPECIES = ['Porites lobata', 'Acropora hyacinthus', 'Pocillopora verrucosa', 'Échinopora'];
const PROJECTS = ['GlobalSearch_GBR', 'GlobalSearch_Carib', 'Red Sea', 'Ωmega study'];

/**
 * Colonies shaped like the feed with every case the filter and the colours distinguish: shared
 * coordinates, the antimeridian, no thresholds, null values, every flag, several entries per kind,
 * values that are whole hundredths and values that are not, failed fits far off the range.
 */
function randomColonies(next: () => number, count: number): TColony[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const colonies: TColony[] = [];
  let id = Math.floor(next() * 3000);
  let entryId = 1;
  for (let c = 0; c < count; c++) {
    id += 1 + Math.floor(next() * (next() < 0.1 ? 2000 : 3));
    const [latitude, longitude] = pick(SITES);
    const value = (base: number) => {
      const roll = next();
      if (roll < 0.1) return null;
      if (roll < 0.15) return Math.round(next() * 300000) / 100; // a failed fit
      if (roll < 0.2) return base + next() * 4; // not whole hundredths
      return Math.round((base + next() * 8) * 100) / 100;
    };
    const colony: Record<string, unknown> = {
      id,
      name: `Colony ${id} ${pick(['A', 'β', ''])}`,
      species: pick(SPECIES),
      country: 'FJI',
      latitude,
      longitude,
      projects: [
        ...new Set(Array.from({ length: Math.floor(next() * 3) }, () => pick(PROJECTS))),
      ].sort(),
      collection_years: [
        ...new Set(Array.from({ length: Math.floor(next() * 3) }, () => pick([2021, 2022, 2023]))),
      ].sort((a, b) => a - b),
    };
    const noThresholds = next() < 0.1;
    for (const kind of THRESHOLD_KINDS) {
      const entries = noThresholds ? 0 : Math.floor(next() * 3);
      colony[THRESHOLD_KIND_INFO[kind].listKey] = Array.from({ length: entries }, () =>
        thresholdEntry(kind, {
          id: entryId++,
          abs: value(32),
          rel: value(3),
          sst_clim_mmm: null,
          condition: 'Control',
          timepoint: '420',
          quality_flags: FLAGS.filter(() => next() < 0.15),
        }),
      );
    }
    colonies.push(colony as TColony);
  }
  return colonies;
}

/** The feed's parts (decision 0038): colonies grouped by id / 1024, through the codec. */
function columnarModelOf(colonies: readonly TColony[]): ColumnarMapModel {
  const parts = new Map<number, TColony[]>();
  for (const colony of colonies) {
    const part = Math.floor(colony.id / 1024);
    parts.set(part, [...(parts.get(part) ?? []), colony]);
  }
  return assembleColumnarModel(
    [...parts.values()].map((part) =>
      decodeColonyColumns(encodeColonyColumns(columnsFromColonies(part))),
    ),
  );
}

function expectSameSelection(
  colonies: readonly TColony[],
  model: ColumnarMapModel,
  filters: FilterSet,
) {
  const feedModel = buildMapModel(colonies);
  const normal = normalizeFilterSet(filters, defaults);
  const expected = selectColonies(
    feedModel,
    isEmptyFilterSet(normal) ? null : compileColonyFilter(normal, defaults),
  );
  const actual = selectColumnar(model, colonyPredicate(filters, defaults));
  const label = JSON.stringify(filters);
  expect(
    selectionFacts(
      actual,
      (i) => model.ids[i]!,
      (s) => model.siteLongitude[s]!,
    ),
    label,
  ).toEqual(
    selectionFacts(
      expected,
      (i) => colonies[i]!.id,
      (s) => feedModel.siteLongitude[s]!,
    ),
  );
  // The same markers: the cluster index over equal sites.
  const feedIndex = buildClusterIndex(expected);
  const index = buildClusterIndex(actual);
  for (const [zoom, view] of [
    [0, { west: -180, south: -85, east: 180, north: 85 }],
    [4, { west: 170, south: -25, east: 195, north: -5 }],
    [12, { west: -69.2, south: 11.9, east: -68.7, north: 12.3 }],
  ] as const) {
    const strip = (markers: ReturnType<typeof index.markers>) =>
      markers.map((m) => (m.kind === 'site' ? { ...m, site: m.site.latitude } : m));
    const markers = index.markers(frameBox(view, actual.offset), zoom);
    expect(strip(markers), label).toEqual(
      strip(feedIndex.markers(frameBox(view, expected.offset), zoom)),
    );
    // The popups' site summaries of each marker's colonies.
    for (const marker of markers) {
      const [atMarker, atFeedMarker] =
        marker.kind === 'cluster'
          ? [index.colonies(marker.clusterId), feedIndex.colonies(marker.clusterId)]
          : [
              marker.site.colonies,
              expected.sites.find(
                (s) =>
                  s.latitude === marker.site.latitude &&
                  s.frameLongitude === marker.site.frameLongitude,
              )!.colonies,
            ];
      expect(summarizeColumnarSites(model, actual, atMarker), label).toEqual(
        summarizeSites(feedModel, atFeedMarker, expected.colonyIndices),
      );
    }
  }
}

describe('the columnar map model', () => {
  const colonies = randomColonies(seededRandom(40), 3000);
  const model = columnarModelOf(colonies);

  it('holds the feed in several parts, with the choices and colours of buildMapModel', () => {
    expect(model.parts.length).toBeGreaterThan(3);
    expect([...model.ids]).toEqual(colonies.map((c) => c.id));
    const feedModel = buildMapModel(colonies);
    expect({ species: model.species, projects: model.projects, years: model.years }).toEqual({
      species: feedModel.species,
      projects: feedModel.projects,
      years: feedModel.years,
    });
    expect(model.ed50Absolute).toEqual(feedModel.ed50Absolute);
    expect(model.ed50Relative).toEqual(feedModel.ed50Relative);
    expect(Array.from(model.speciesOf, (s) => model.species[s])).toEqual(
      colonies.map((c) => c.species),
    );
    expect(colonyFacts(model, 2999)).toEqual({
      id: colonies[2999]!.id,
      name: colonies[2999]!.name,
      species: colonies[2999]!.species,
    });
  });

  it.each<[string, FilterSet]>([
    ['no filter', {}],
    ['a species', { species: 'Acropora hyacinthus' }],
    ['a species nobody has', { species: 'Nothing' }],
    ['a project', { project: 'Ωmega study' }],
    ['years', { years: [2021, 2023] }],
    ['hide flagged values', { hideFlagged: true }],
    [
      'an ED50 range with flagged values hidden',
      { absThermalTolerance: [33, 36], hideFlagged: true },
    ],
    ['a relative ED95 range', { relThermalLimit: [4, 6] }],
    ['an ED5 alias range', { ed5: [33, 38], ed5Mmm: [3, 9] }],
    ['a legacy key', { thermalToleranceTemperatures: [4, 8] }],
    [
      'everything',
      {
        species: 'Porites lobata',
        project: 'Red Sea',
        years: [2022],
        hideFlagged: true,
        absThermalTolerance: [32.5, 44],
      },
    ],
  ])('%s: the selection of selectColonies over the feed', (_, filters) => {
    expectSameSelection(colonies, model, filters);
  });

  it('agrees with selectColonies on 300 random filter sets', () => {
    const next = seededRandom(2024);
    for (let i = 0; i < 300; i++) {
      expectSameSelection(colonies, model, randomFilterSet(next, colonies, defaults));
    }
  }, 60_000);

  it('refuses a flag set or kinds the columns do not record', () => {
    expect(() =>
      matchingColonies(model, {
        all: [{ kind: 'notOnlyFlagged', thresholdKinds: THRESHOLD_KINDS, flags: ['missing_mmm'] }],
      }),
    ).toThrow(/only untrustworthy flags/);
    expect(() =>
      matchingColonies(model, {
        all: [
          { kind: 'notOnlyFlagged', thresholdKinds: ['ed50'], flags: QUALITY_FLAGS_UNTRUSTWORTHY },
        ],
      }),
    ).toThrow(/over every threshold kind/);
  });
});

describe('the columns codec', () => {
  const columnsOf = (colonies: TColony[]) => columnsFromColonies(colonies);
  const roundTrip = (columns: ColonyColumns) => decodeColonyColumns(encodeColonyColumns(columns));

  it('gives back exactly the columns it encoded', () => {
    const columns = columnsOf(randomColonies(seededRandom(7), 800));
    expect(roundTrip(columns)).toEqual(columns);
  });

  it('keeps values that are not whole hundredths, and an empty part', () => {
    const [colony] = randomColonies(seededRandom(8), 1);
    const entry =
      colony!.thermal_tolerances[0] ??
      thresholdEntry('ed50', {
        id: 1,
        abs: 0,
        rel: 0,
        sst_clim_mmm: null,
        condition: null,
        timepoint: null,
        quality_flags: [],
      });
    colony!.thermal_tolerances = [
      { ...entry, abs_thermal_tolerance: 0.1 + 0.2, rel_thermal_tolerance: 1e300 },
    ];
    const decoded = roundTrip(columnsOf([colony!]));
    expect([...decoded.thresholds.ed50.absolute]).toEqual([0.1 + 0.2]);
    expect([...decoded.thresholds.ed50.relative]).toEqual([1e300]);
    expect(roundTrip(columnsOf([]))).toEqual(columnsOf([]));
  });

  it('writes numbers as the feed JSON gives them back: -0 as 0, non-finite as null', () => {
    const [colony] = randomColonies(seededRandom(9), 1);
    const entry = thresholdEntry('ed50', {
      id: 1,
      abs: -0,
      rel: Infinity,
      sst_clim_mmm: null,
      condition: null,
      timepoint: null,
      quality_flags: [],
    });
    colony!.thermal_tolerances = [entry];
    const fromJson = columnsOf(JSON.parse(JSON.stringify([colony])) as TColony[]);
    expect(roundTrip(columnsOf([colony!]))).toEqual(fromJson);
    expect(Object.is(fromJson.thresholds.ed50.absolute[0], 0)).toBe(true);
  });

  it('refuses bytes of another layout', () => {
    const bytes = encodeColonyColumns(columnsOf(randomColonies(seededRandom(1), 3)));
    expect(() => decodeColonyColumns(bytes.subarray(1))).toThrow(/not a columns part/);
    expect(() => decodeColonyColumns(bytes.subarray(0, bytes.length - 1))).toThrow();
  });
});
