/**
 * The words of a dataset's life (docs/decisions/0012-datasets.md): the states a version can be in
 * and the roles of the people acting on it. The lifecycle's rules (lifecycle.ts) are written in
 * them, and the API contract's enums are made from them.
 */
export const DATASET_VERSION_STATES = [
  'draft',
  'in_review',
  'rejected',
  'published',
  'embargoed',
] as const;
export type DatasetVersionState = (typeof DATASET_VERSION_STATES)[number];

export const USER_ROLES = ['contributor', 'curator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
