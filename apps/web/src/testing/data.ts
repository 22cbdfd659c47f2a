import {
  emptyThresholdLists,
  type TDataSummary,
  type TProjectDetail,
  type TProjectListItem,
  type TProjectSummary,
  type TPublicConfig,
  type TStatistics,
} from '@coral/core';

/** Contract-typed test data, shaped like the real seed data; override what a test needs. */
export const buildConfig = (overrides: Partial<TPublicConfig> = {}): TPublicConfig => ({
  links: {
    accountRequestForm: 'https://forms.example.org/account',
    aboutUs: 'https://about.example.org',
    getHelp: 'https://help.example.org',
    sourceRepository: 'https://github.com/example/coral',
    contactEmail: 'coral@example.org',
    ed50Calculator: null,
  },
  ed50CalculatorPort: 3838,
  tiles: {
    street: 'https://tiles.example.org/{z}/{x}/{y}.png',
    satellite: 'https://sat.example.org/{z}/{y}/{x}',
  },
  uploadMaxBytes: 50 * 1024 * 1024,
  mapServerClusteringFrom: 100_000,
  orcidSignIn: false,
  ...overrides,
});

export const buildStatistics = (overrides: Partial<TStatistics> = {}): TStatistics => ({
  coral_colonies: 682,
  research_projects: 11,
  countries: 6,
  data_access_24_7: true,
  observations_count: 2991,
  species_count: 17,
  recent_observations: 0,
  top_countries: [],
  top_species: [],
  last_updated: '2026-01-12T00:00:00.000Z',
  ...overrides,
});

/** The seed's 11 datasets (licence not stated) and three published since under CC BY 4.0. */
export const buildDataSummary = (overrides: Partial<TDataSummary> = {}): TDataSummary => ({
  data_version: { number: 14, published_at: '2026-11-20T09:30:00.000Z' },
  datasets: 14,
  licences: [
    { licence: 'CC-BY-4.0', datasets: 3 },
    { licence: null, datasets: 11 },
  ],
  ...overrides,
});

export const buildProjectSummary = (
  overrides: Partial<TProjectListItem> = {},
): TProjectListItem => ({
  id: 82,
  name: 'GlobalSearch_ArabSeas',
  description: 'Datasheet.csv',
  registration_date: '2026-01-12',
  owner: { username: 'chris' },
  publications: [
    { id: 1, title: 'Alderdice et al. (2025)', year: 2025, doi: '10.21203/rs.3.rs-8231598/v1' },
  ],
  sites: ['Al Aqah', 'Saada', 'Saadiyat'],
  countries: ['UAE'],
  species: ['Cyphastrea micropthlama', 'Platygyra daedalea', 'Porites harrisoni'],
  colony_count: 80,
  experiment_dates: { first: '2022-05-16', last: '2022-06-01' },
  ...overrides,
});

/** The detail answer has the summary's keys, not the list's extra ones. */
function projectSummaryKeys(): TProjectSummary {
  const { id, name, description, registration_date, owner, publications } = buildProjectSummary();
  return { id, name, description, registration_date, owner, publications };
}

export const buildProjectDetail = (overrides: Partial<TProjectDetail> = {}): TProjectDetail => ({
  ...projectSummaryKeys(),
  experiments: [{ id: 447, name: 'Saadiyat', date: '2022-05-16' }],
  colonies: [
    {
      ...emptyThresholdLists(),
      id: 2872,
      name: 'Saadiyat_Cyphastrea_micropthlama_1',
      species: 'Cyphastrea micropthlama',
      country: 'ARE',
      latitude: 24.59953,
      longitude: 54.42267,
      thermal_tolerances: [
        {
          id: 3430,
          sst_clim_mmm: 33.88,
          condition: 'ArabSeas',
          timepoint: '420',
          quality_flags: [],
          abs_thermal_tolerance: 37.34,
          rel_thermal_tolerance: 3.46,
          ed50: 37.34,
          ed50_mmm: 3.46,
        },
      ],
      breakpoint_temperatures: [],
      thermal_limits: [],
    },
  ],
  observations: [
    {
      id: 19161,
      biosample: { id: 13564, name: '20220520_UAE_Saadiyat_1', collection_date: '2022-05-20' },
      experiment: { id: 445, name: 'Saadiyat', date: '2022-05-20' },
      condition: 'ArabSeas',
      temperature: 42,
      timepoint: '420',
      pam_value: null,
      related_projects: [],
    },
  ],
  ...overrides,
});
