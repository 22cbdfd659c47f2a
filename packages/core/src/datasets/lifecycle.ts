import { wordList } from '../util/word-list';
import { DESCRIPTIVE_FIELDS, type TDatasetMetadata } from './dataset-metadata';
import {
  allowsTransition,
  DATASET_STATES,
  PUBLIC_STATES,
  stateLabel,
  statesAllowing,
  transitionTarget,
  type DatasetTransition,
  type DatasetVersionState,
} from './dataset-states';
import type { UserRole } from './user-roles';
import { LICENCES } from './licences';

/**
 * The rules of a dataset's life (docs/decisions/0012-datasets.md), as pure functions: who may
 * take which transition, what may be edited, and what a version still needs before review. What
 * each state allows is the state table's (dataset-states.ts). The server enforces them; the page
 * uses the same answers to show its buttons.
 */

/** Who is looking: an anonymous visitor has no id. */
export interface Viewer {
  userId: number | null;
  role: UserRole;
}

export const ANONYMOUS: Viewer = { userId: null, role: 'contributor' };

export const isCurator = (viewer: Viewer) => viewer.role === 'curator' || viewer.role === 'admin';

export interface VersionFacts {
  state: DatasetVersionState;
  /** The dataset's owner. */
  ownerId: number | null;
  withdrawn: boolean;
}

export const isOwner = (viewer: Viewer, facts: { ownerId: number | null }) =>
  viewer.userId !== null && viewer.userId === facts.ownerId;

/** Whether the viewer may see this version at all (its metadata). */
export function canSeeVersion(viewer: Viewer, facts: VersionFacts): boolean {
  if (isOwner(viewer, facts) || isCurator(viewer)) return true;
  return PUBLIC_STATES.includes(facts.state);
}

/** Whether the viewer may read (download) the data of this version. */
export function canReadData(viewer: Viewer, facts: VersionFacts): boolean {
  if (isOwner(viewer, facts) || isCurator(viewer)) return true;
  return DATASET_STATES[facts.state].publicData && !facts.withdrawn;
}

/** What may be edited in a version in this state: every field, the descriptive ones, or none. */
export function editableFields(
  state: DatasetVersionState,
  withdrawn: boolean,
): 'all' | readonly (keyof TDatasetMetadata)[] {
  if (withdrawn) return [];
  const level = DATASET_STATES[state].editable;
  return level === 'all' ? 'all' : level === 'descriptive' ? DESCRIPTIVE_FIELDS : [];
}

/** What a version's metadata still lacks before it can be reviewed (empty: it can be submitted). */
export function missingForSubmission(metadata: TDatasetMetadata): string[] {
  const missing: string[] = [];
  if (metadata.title.trim() === '') missing.push('a title');
  if (metadata.description.trim() === '') missing.push('a description');
  if (metadata.creators.length === 0) missing.push('at least one creator');
  if (metadata.licence === null) {
    missing.push(
      `a licence (${Object.values(LICENCES)
        .map((l) => l.shortName)
        .join(', ')})`,
    );
  }
  return missing;
}

export type DatasetAction =
  | 'edit'
  | 'edit_descriptive'
  | 'submit'
  | 'approve'
  | 'reject'
  | 'withdraw'
  | 'discard'
  | 'new_version'
  | 'revise_metadata';

export interface DatasetFacts extends VersionFacts {
  metadata: TDatasetMetadata;
  /** The dataset has (had) a published or embargoed version. */
  everPublic: boolean;
  /** The dataset has an open version (draft, in review or rejected). */
  hasOpenVersion: boolean;
}

/**
 * A refusal and its kind: `forbidden` when who the viewer is decides it (not the owner, not a
 * curator, their own dataset), `conflict` when the state of the dataset does (already withdrawn,
 * not in review, metadata missing). The API answers 403 and 409 respectively.
 */
export interface Refusal {
  reason: string;
  kind: 'forbidden' | 'conflict';
}
/** "a draft or a rejected": the states that allow `transition`, for messages. */
const statesAllowingWithArticle = (transition: DatasetTransition) =>
  wordList(
    statesAllowing(transition).map((state) => `a ${stateLabel(state)}`),
    'or',
  );

const forbidden = (reason: string): Refusal => ({ reason, kind: 'forbidden' });
const conflict = (reason: string): Refusal => ({ reason, kind: 'conflict' });

/**
 * Why the viewer may not take `action` on this version, or null when they may. The reasons are
 * the messages the API answers with.
 */
export function judge(viewer: Viewer, action: DatasetAction, facts: DatasetFacts): Refusal | null {
  const owner = isOwner(viewer, facts);
  if (viewer.userId === null) return forbidden('Log in first.');
  if (facts.withdrawn && action !== 'withdraw') return conflict('This dataset has been withdrawn.');
  switch (action) {
    case 'edit':
    case 'edit_descriptive': {
      if (!owner) return forbidden('Only the owner can edit a dataset.');
      const editable = editableFields(facts.state, facts.withdrawn);
      if (action === 'edit' && editable !== 'all') {
        return editable.length > 0
          ? conflict(
              'A published version keeps its data and licence: only the title, description, publications and keywords can change. Upload a new version to change the rest.',
            )
          : conflict('A version in review cannot be edited; wait for the curator’s decision.');
      }
      return editable === 'all' || editable.length > 0
        ? null
        : conflict('This version cannot be edited.');
    }
    case 'submit': {
      if (!owner) return forbidden('Only the owner can submit a dataset for review.');
      if (!allowsTransition(facts.state, 'submit')) {
        return conflict(
          `Only ${statesAllowingWithArticle('submit')} version can be submitted (this one is ${stateLabel(facts.state)}).`,
        );
      }
      const missing = missingForSubmission(facts.metadata);
      return missing.length > 0
        ? conflict(`Before review, the dataset needs ${wordList(missing, 'and')}.`)
        : null;
    }
    case 'approve':
    case 'reject':
      if (!isCurator(viewer)) return forbidden('Only curators review datasets.');
      if (!allowsTransition(facts.state, action)) {
        return conflict(
          `Only a version ${wordList(statesAllowing(action).map(stateLabel), 'or')} can be approved or rejected.`,
        );
      }
      if (action === 'approve' && owner) return forbidden('Nobody can approve their own dataset.');
      return null;
    case 'withdraw':
      if (!owner && !isCurator(viewer)) {
        return forbidden('Only the owner or a curator can withdraw a dataset.');
      }
      if (facts.withdrawn) return conflict('This dataset has already been withdrawn.');
      if (!facts.everPublic) {
        return conflict(
          'A dataset that was never published is not withdrawn: discard its draft instead.',
        );
      }
      return null;
    case 'discard':
      if (!owner) return forbidden('Only the owner can discard a version.');
      return allowsTransition(facts.state, 'discard')
        ? null
        : conflict(`Only ${statesAllowingWithArticle('discard')} version can be discarded.`);
    case 'revise_metadata':
      // A curator completes a published description as a recorded revision
      // (docs/decisions/0064-metadata-revisions.md); a withdrawn dataset's tombstone keeps the
      // citation it had (refused above).
      if (!isCurator(viewer)) {
        return forbidden('Only curators revise the description of a published dataset.');
      }
      return PUBLIC_STATES.includes(facts.state)
        ? null
        : conflict(
            `Only a published or embargoed version's description is revised (this one is ${stateLabel(facts.state)}); its owner edits a version in preparation.`,
          );
    case 'new_version':
      if (!owner) return forbidden('Only the owner can add a version to a dataset.');
      return facts.hasOpenVersion
        ? conflict('This dataset already has a version in preparation: submit or discard it first.')
        : null;
  }
}

/** The reason of `judge`'s refusal, or null. */
export const refusal = (viewer: Viewer, action: DatasetAction, facts: DatasetFacts) =>
  judge(viewer, action, facts)?.reason ?? null;

/**
 * The state an approval of a version in `state` leads to (the table's), embargoed instead of
 * published while the embargo date is still ahead.
 */
export function approvedState(
  state: DatasetVersionState,
  metadata: TDatasetMetadata,
  today: string,
): DatasetVersionState {
  const target = transitionTarget(state, 'approve');
  const embargoed = metadata.embargo_until !== null && metadata.embargo_until > today;
  return target === 'published' && embargoed ? 'embargoed' : target;
}
