import {
  ZAssayProtocol,
  type TDatasetDetail,
  type TDatasetSummary,
  type TDatasetVersion,
  type TDraftColony,
} from '@coral/core';
import { emptyThresholdLists } from '@coral/core';

/** Contract-typed datasets for component tests, shaped like a seed dataset; override as needed. */
export const buildDatasetSummary = (overrides: Partial<TDatasetSummary> = {}): TDatasetSummary => ({
  id: 7,
  project: { id: 82, name: 'GlobalSearch_ArabSeas' },
  owner: { username: 'chris', orcid: null },
  title: 'CBASS thresholds of the Arabian Seas',
  creators: [
    { name: 'Ana Silva', affiliation: 'KAUST', orcid: '0000-0002-1825-0097' },
    { name: 'Chris Voolstra', affiliation: null, orcid: null },
  ],
  licence: 'CC-BY-4.0',
  version: 2,
  state: 'published',
  withdrawn: false,
  published_at: '2026-03-02T10:00:00.000Z',
  embargo_until: null,
  counts: {
    colonies: 120,
    observations: 960,
    thresholds: 240,
    species: ['Porites lobata', 'Acropora hyacinthus'],
    countries: ['ARE'],
  },
  ...overrides,
});

export const buildDatasetVersion = (overrides: Partial<TDatasetVersion> = {}): TDatasetVersion => ({
  number: 2,
  state: 'published',
  metadata: {
    title: 'CBASS thresholds of the Arabian Seas',
    description: 'Acute heat stress assays of corals from the Persian Gulf and the Red Sea.',
    creators: [
      { name: 'Ana Silva', affiliation: 'KAUST', orcid: '0000-0002-1825-0097' },
      { name: 'Chris Voolstra', affiliation: null, orcid: null },
    ],
    licence: 'CC-BY-4.0',
    related_publications: [{ doi: '10.1111/gcb.15148', title: 'Standardized short-term assays' }],
    keywords: ['CBASS', 'thermal tolerance'],
    protocol: {
      ...ZAssayProtocol.parse({}),
      ramp_hold_profile: 'cbass_standard',
      hold_temperatures_c: [30, 33, 36, 39],
      timepoints: [{ timepoint: '420', meaning: 'Minutes after the start of the ramp' }],
    },
    embargo_until: null,
  },
  doi: null,
  created_at: '2026-03-01T09:00:00.000Z',
  submitted_at: '2026-03-01T12:00:00.000Z',
  published_at: '2026-03-02T10:00:00.000Z',
  review_message: null,
  upload_id: 12,
  change_summary: {
    colonies_added: 3,
    colonies_changed: 1,
    colonies_removed: 2,
    thresholds_changed: 4,
  },
  counts: {
    colonies: 120,
    observations: 960,
    thresholds: 240,
    species: ['Porites lobata', 'Acropora hyacinthus'],
    countries: ['ARE'],
  },
  citation: {
    text: 'Silva, A., & Voolstra, C. (2026). CBASS thresholds of the Arabian Seas (version 2) [Data set]. Coral Thermal Tolerance. http://localhost/datasets/7/versions/2',
    url: 'http://localhost/datasets/7/versions/2',
  },
  ...overrides,
});

export const buildDatasetDetail = (overrides: Partial<TDatasetDetail> = {}): TDatasetDetail => {
  const version = buildDatasetVersion();
  return {
    id: 7,
    project: { id: 82, name: 'GlobalSearch_ArabSeas' },
    owner: { username: 'chris', orcid: null },
    doi: null,
    withdrawal: null,
    version,
    versions: [
      {
        number: 1,
        state: 'published',
        doi: null,
        created_at: '2026-01-12T09:00:00.000Z',
        published_at: '2026-01-12T09:00:00.000Z',
        change_summary: null,
        counts: version.counts,
      },
      {
        number: 2,
        state: 'published',
        doi: null,
        created_at: version.created_at,
        published_at: version.published_at,
        change_summary: version.change_summary,
        counts: version.counts,
      },
    ],
    history: [
      {
        at: '2026-01-12T09:00:00.000Z',
        actor: null,
        action: 'published',
        version: 1,
        message: null,
        changes: null,
      },
      {
        at: '2026-03-02T10:00:00.000Z',
        actor: 'curator1',
        action: 'approved',
        version: 2,
        message: 'Looks good',
        changes: null,
      },
      {
        at: '2026-03-05T08:00:00.000Z',
        actor: 'chris',
        action: 'metadata_edited',
        version: 2,
        message: null,
        changes: {
          title: { from: 'Old', to: 'CBASS thresholds of the Arabian Seas' },
          keywords: { from: [], to: ['CBASS'] },
        },
      },
    ],
    can: {
      edit: false,
      edit_descriptive: false,
      submit: false,
      review: false,
      withdraw: false,
      new_version: false,
    },
    missing_for_submission: [],
    ...overrides,
  };
};

export const buildDraftColony = (overrides: Partial<TDraftColony> = {}): TDraftColony => ({
  ...emptyThresholdLists(),
  id: 9001,
  name: 'Draft_Porites_1',
  species: 'Porites lobata',
  country: 'FJI',
  latitude: -18.1,
  longitude: 178.4,
  projects: ['My new project'],
  collection_years: [2025],
  dataset: { id: 31, version: 1, state: 'draft', title: 'My reef survey' },
  ...overrides,
});
