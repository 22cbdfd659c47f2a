import {
  ZDatasetMetadata,
  type TDatasetDetail,
  type TDatasetSummary,
  type TReviewItem,
} from '@coral/core';

/** Contract-typed datasets for component tests (docs/decisions/0012-datasets.md). */
const counts = {
  colonies: 30,
  observations: 240,
  thresholds: 180,
  species: ['Acropora germania'],
  countries: ['DEU'],
};

export const buildDatasetSummary = (overrides: Partial<TDatasetSummary> = {}): TDatasetSummary => ({
  id: 5,
  project: { id: 90, name: 'Zugspitze 2022' },
  owner: { username: 'ann', orcid: null },
  title: 'Zugspitze heat tolerance',
  creators: [],
  licence: null,
  version: 1,
  state: 'draft',
  withdrawn: false,
  published_at: null,
  embargo_until: null,
  counts,
  ...overrides,
});

export const NO_ACTIONS: TDatasetDetail['can'] = {
  edit: false,
  edit_descriptive: false,
  submit: false,
  review: false,
  withdraw: false,
  new_version: false,
};

export const buildDatasetDetail = (
  overrides: Partial<Omit<TDatasetDetail, 'version'>> & {
    version?: Partial<TDatasetDetail['version']>;
  } = {},
): TDatasetDetail => {
  const { version, ...rest } = overrides;
  const shown: TDatasetDetail['version'] = {
    number: 1,
    state: 'draft',
    metadata: ZDatasetMetadata.parse({ title: 'Zugspitze heat tolerance' }),
    doi: null,
    created_at: '2026-11-20T10:00:00.000Z',
    submitted_at: null,
    published_at: null,
    review_message: null,
    upload_id: 12,
    change_summary: null,
    counts,
    citation: { text: 'ann (2026): Zugspitze heat tolerance', url: 'http://localhost/datasets/5' },
    ...version,
  };
  return {
    id: 5,
    project: { id: 90, name: 'Zugspitze 2022' },
    owner: { username: 'ann', orcid: null },
    doi: null,
    withdrawal: null,
    version: shown,
    versions: [shown],
    history: [],
    can: NO_ACTIONS,
    missing_for_submission: [],
    ...rest,
  };
};

export const buildReviewItem = (overrides: Partial<TReviewItem> = {}): TReviewItem => ({
  dataset_id: 5,
  version: 2,
  title: 'Zugspitze heat tolerance',
  owner: { username: 'ann', orcid: null },
  submitted_at: '2026-11-21T08:30:00.000Z',
  counts,
  own: false,
  ...overrides,
});
