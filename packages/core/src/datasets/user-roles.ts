/**
 * The roles of the people acting on a dataset (docs/decisions/0012-datasets.md). The lifecycle's
 * rules (lifecycle.ts) are written in them, and the API contract's enum is made from them; the
 * states a version can be in are in dataset-states.ts.
 */
export const USER_ROLES = ['contributor', 'curator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
