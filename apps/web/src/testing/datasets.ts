import {
  ZAssayProtocol,
  ZDatasetMetadata,
  type TDatasetDetail,
  type TDatasetSummary,
  type TDatasetVersion,
  type TDraftColony,
  type TReviewItem,
} from '@coral/core';
import { emptyThresholdLists } from '@coral/core';

/**
 * Contract-typed datasets for component tests (docs/decisions/0012-datasets.md). The plain
 * builders are shaped like a published seed dataset; the draft builders like a contributor's
 * fresh upload (what My datasets and the review queue mostly show). Override as needed.
 */
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
    imported_from: null,
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
  metadata_revision: 0,
  ...overrides,
});

/** Actions a reader may take on nobody's dataset; spread and switch on what a test needs. */
export const NO_ACTIONS: TDatasetDetail['can'] = {
  edit: false,
  edit_descriptive: false,
  submit: false,
  review: false,
  withdraw: false,
  new_version: false,
  revise_metadata: false,
};

/** A detail's overrides; `version` overrides single fields of the shown version. */
type DetailOverrides = Partial<Omit<TDatasetDetail, 'version'>> & {
  version?: Partial<TDatasetVersion>;
};

export const buildDatasetDetail = (overrides: DetailOverrides = {}): TDatasetDetail => {
  const { version: shown, ...rest } = overrides;
  // The version list describes the seed's two versions whatever the shown version is overridden to.
  const version = buildDatasetVersion();
  return {
    ...buildDetailBody(version),
    version: { ...version, ...shown },
    ...rest,
  };
};

const buildDetailBody = (version: TDatasetVersion): Omit<TDatasetDetail, 'version'> => {
  return {
    id: 7,
    project: { id: 82, name: 'GlobalSearch_ArabSeas' },
    owner: { username: 'chris', orcid: null },
    doi: null,
    withdrawal: null,
    taxa: [],
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
        revision: null,
      },
      {
        at: '2026-03-02T10:00:00.000Z',
        actor: 'curator1',
        action: 'approved',
        version: 2,
        message: 'Looks good',
        changes: null,
        revision: null,
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
        revision: null,
      },
    ],
    can: NO_ACTIONS,
    missing_for_submission: [],
  };
};

const DRAFT_COUNTS: TDatasetSummary['counts'] = {
  colonies: 30,
  observations: 240,
  thresholds: 180,
  species: ['Acropora germania'],
  countries: ['DEU'],
};
const DRAFT_TITLE = 'Zugspitze heat tolerance';
const DRAFT_OWNER = { username: 'ann', orcid: null };
const DRAFT_PROJECT = { id: 90, name: 'Zugspitze 2022' };

/** A contributor's version-1 draft with nothing but a title filled in. */
export const buildDraftDatasetSummary = (
  overrides: Partial<TDatasetSummary> = {},
): TDatasetSummary =>
  buildDatasetSummary({
    id: 5,
    project: DRAFT_PROJECT,
    owner: DRAFT_OWNER,
    title: DRAFT_TITLE,
    creators: [],
    licence: null,
    version: 1,
    state: 'draft',
    published_at: null,
    embargo_until: null,
    counts: DRAFT_COUNTS,
    ...overrides,
  });

export const buildDraftDatasetDetail = (overrides: DetailOverrides = {}): TDatasetDetail => {
  const { version, ...rest } = overrides;
  const shown = buildDatasetVersion({
    number: 1,
    state: 'draft',
    metadata: ZDatasetMetadata.parse({ title: DRAFT_TITLE }),
    created_at: '2026-11-20T10:00:00.000Z',
    submitted_at: null,
    published_at: null,
    change_summary: null,
    counts: DRAFT_COUNTS,
    citation: { text: `ann (2026): ${DRAFT_TITLE}`, url: 'http://localhost/datasets/5' },
    ...version,
  });
  return {
    ...buildDetailBody(shown),
    id: 5,
    project: DRAFT_PROJECT,
    owner: DRAFT_OWNER,
    version: shown,
    versions: [shown],
    history: [],
    ...rest,
  };
};

export const buildReviewItem = (overrides: Partial<TReviewItem> = {}): TReviewItem => ({
  dataset_id: 5,
  version: 2,
  title: DRAFT_TITLE,
  owner: DRAFT_OWNER,
  submitted_at: '2026-11-21T08:30:00.000Z',
  counts: DRAFT_COUNTS,
  own: false,
  licence: 'CC-BY-4.0',
  creators: [{ name: 'Ann Example', orcid: '0000-0002-1825-0097', affiliation: null }],
  protocol: ZAssayProtocol.parse({}),
  change_summary: null,
  flag_count: 0,
  flags: [],
  species: [],
  sites: [],
  ...overrides,
});

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
