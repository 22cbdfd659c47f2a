import {
  emptyThresholdLists,
  type TColony,
  type TColonyChoices,
  type TThresholdMaxMin,
  type ThresholdKind,
} from '@coral/core';

/** Colonies shaped like the seed's (colony 658 and neighbours), for the map's tests. */
export function buildColony(overrides: Partial<TColony> = {}): TColony {
  return {
    ...emptyThresholdLists(),
    id: 658,
    name: 'Vatu-o-lalai_Porites_cylindrica_1',
    species: 'Porites cylindrica',
    country: 'FJI',
    latitude: -18.20583554,
    longitude: 177.6889888,
    projects: ['2022_FJI_Viti_Levu_ElisaJahreis'],
    collection_years: [2022],
    thermal_tolerances: [
      {
        id: 1147,
        abs_thermal_tolerance: 37.57,
        rel_thermal_tolerance: 9.12,
        ed50: 37.57,
        ed50_mmm: 9.12,
        sst_clim_mmm: 28.45,
        condition: 'Winter',
        timepoint: '420',
        quality_flags: [],
      },
      {
        id: 1157,
        abs_thermal_tolerance: 37.75,
        rel_thermal_tolerance: 9.3,
        ed50: 37.75,
        ed50_mmm: 9.3,
        sst_clim_mmm: 28.45,
        condition: 'Summer',
        timepoint: '420',
        quality_flags: [],
      },
    ],
    breakpoint_temperatures: [
      {
        id: 2001,
        abs_breakpoint_temperature: 35.83,
        rel_breakpoint_temperature: 7.38,
        ed5: 35.83,
        ed5_mmm: 7.38,
        sst_clim_mmm: 28.45,
        condition: 'Winter',
        timepoint: '420',
        quality_flags: [],
      },
    ],
    thermal_limits: [
      {
        id: 3001,
        abs_thermal_limit: 39.38,
        rel_thermal_limit: 10.93,
        ed95: 39.38,
        ed95_mmm: 10.93,
        sst_clim_mmm: 28.45,
        condition: 'Winter',
        timepoint: '420',
        quality_flags: [],
      },
    ],
    ...overrides,
  };
}

/** Three colonies: Fiji, American Samoa (across the antimeridian) and the GBR. */
export function buildColonies(): TColony[] {
  return [
    buildColony(),
    buildColony({
      id: 400,
      name: 'Faga_Acropora_hyacinthus_3',
      species: 'Acropora hyacinthus',
      country: 'ASM',
      latitude: -14.274652,
      longitude: -170.607232,
      projects: ['GlobalSearch_AmSamoa'],
      collection_years: [2222],
      thermal_tolerances: [
        {
          id: 900,
          abs_thermal_tolerance: 2365.11,
          rel_thermal_tolerance: null,
          ed50: 2365.11,
          ed50_mmm: null,
          sst_clim_mmm: null,
          condition: null,
          timepoint: '420',
          quality_flags: ['implausible_absolute', 'missing_mmm'],
        },
      ],
      breakpoint_temperatures: [],
      thermal_limits: [],
    }),
    buildColony({
      id: 12,
      name: 'Davies_Porites_lobata_2',
      species: 'Porites lobata',
      country: 'AUS',
      latitude: -18.82768,
      longitude: 147.62628,
      projects: ['GlobalSearch_GBR', 'Another project'],
      collection_years: [2022, 2222],
      thermal_tolerances: [
        {
          id: 901,
          abs_thermal_tolerance: 35.2,
          rel_thermal_tolerance: 6.8,
          ed50: 35.2,
          ed50_mmm: 6.8,
          sst_clim_mmm: 28.4,
          condition: 'Control',
          timepoint: '420',
          quality_flags: [],
        },
      ],
    }),
  ];
}

/** The sidebar's choices and the public total of `buildColonies()`, as the server answers them. */
export function buildChoices(overrides: Partial<TColonyChoices> = {}): TColonyChoices {
  return {
    data_version: 1,
    total: 3,
    species: ['Acropora hyacinthus', 'Porites cylindrica', 'Porites lobata'],
    projects: [
      '2022_FJI_Viti_Levu_ElisaJahreis',
      'Another project',
      'GlobalSearch_AmSamoa',
      'GlobalSearch_GBR',
    ],
    years: [2022, 2222],
    ...overrides,
  };
}

/** The seed's trustworthy bounds (decision 0002). */
/** (Kinds without values in the seed have no entry: their call fails and the §9 fallback applies.) */
export const seedMaxMin: { [K in ThresholdKind]?: TThresholdMaxMin<K> } = {
  ed50: {
    min_abs_thermal_tolerance: 32.11,
    max_abs_thermal_tolerance: 44.06,
    min_rel_thermal_tolerance: 3.4,
    max_rel_thermal_tolerance: 14.66,
    min_ed50: 32.11,
    max_ed50: 44.06,
    min_ed50_mmm: 3.4,
    max_ed50_mmm: 14.66,
  },
  ed5: {
    min_abs_breakpoint_temperature: 26.91,
    max_abs_breakpoint_temperature: 40.5,
    min_rel_breakpoint_temperature: -1.66,
    max_rel_breakpoint_temperature: 11.4,
    min_ed5: 26.91,
    max_ed5: 40.5,
    min_ed5_mmm: -1.66,
    max_ed5_mmm: 11.4,
  },
  ed95: {
    min_abs_thermal_limit: 34.6,
    max_abs_thermal_limit: 44.95,
    min_rel_thermal_limit: 5.15,
    max_rel_thermal_limit: 16.9,
    min_ed95: 34.6,
    max_ed95: 44.95,
    min_ed95_mmm: 5.15,
    max_ed95_mmm: 16.9,
  },
};
