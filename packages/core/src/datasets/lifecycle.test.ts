import { describe, expect, it } from 'vitest';
import { ZDatasetMetadata } from './dataset-metadata';
import type { DatasetVersionState } from './dataset-states';
import {
  approvedState,
  canReadData,
  canSeeVersion,
  editableFields,
  missingForSubmission,
  refusal,
  type DatasetFacts,
  type Viewer,
} from './lifecycle';

const complete = ZDatasetMetadata.parse({
  title: 'Fiji 2022',
  description: 'CBASS assays of Porites at Viti Levu.',
  creators: [{ name: 'Elisa Jahreis', orcid: 'https://orcid.org/0000-0002-1825-0097' }],
  licence: 'CC-BY-4.0',
});
const alice: Viewer = { userId: 1, role: 'contributor' };
const bob: Viewer = { userId: 2, role: 'contributor' };
const curator: Viewer = { userId: 3, role: 'curator' };
const anonymous: Viewer = { userId: null, role: 'contributor' };

const facts = (state: DatasetVersionState, more: Partial<DatasetFacts> = {}): DatasetFacts => ({
  state,
  ownerId: 1,
  withdrawn: false,
  metadata: complete,
  everPublic: state === 'published' || state === 'embargoed',
  hasOpenVersion: state === 'draft' || state === 'in_review' || state === 'rejected',
  ...more,
});

describe('who sees what', () => {
  it('shows drafts, rejected and in-review versions to their owner and curators only', () => {
    for (const state of ['draft', 'in_review', 'rejected'] as const) {
      expect(canSeeVersion(alice, facts(state))).toBe(true);
      expect(canSeeVersion(curator, facts(state))).toBe(true);
      expect(canSeeVersion(bob, facts(state))).toBe(false);
      expect(canSeeVersion(anonymous, facts(state))).toBe(false);
    }
  });

  it("shows an embargoed version's metadata to everyone but its data to nobody else", () => {
    expect(canSeeVersion(anonymous, facts('embargoed'))).toBe(true);
    expect(canReadData(anonymous, facts('embargoed'))).toBe(false);
    expect(canReadData(alice, facts('embargoed'))).toBe(true);
  });

  it('hides the data of a withdrawn dataset from everyone else', () => {
    expect(canReadData(anonymous, facts('published'))).toBe(true);
    expect(canReadData(anonymous, facts('published', { withdrawn: true }))).toBe(false);
    expect(canSeeVersion(anonymous, facts('published', { withdrawn: true }))).toBe(true);
  });
});

describe('editing', () => {
  it('allows every field in a draft or rejected version, descriptive ones once published', () => {
    expect(editableFields('draft', false)).toBe('all');
    expect(editableFields('rejected', false)).toBe('all');
    expect(editableFields('published', false)).toEqual([
      'title',
      'description',
      'related_publications',
      'keywords',
    ]);
    expect(editableFields('in_review', false)).toEqual([]);
    expect(editableFields('published', true)).toEqual([]);
  });

  it('lets only the owner edit', () => {
    expect(refusal(alice, 'edit', facts('draft'))).toBeNull();
    expect(refusal(bob, 'edit', facts('draft'))).toBe('Only the owner can edit a dataset.');
    expect(refusal(alice, 'edit', facts('published'))).toMatch(/only the title, description/);
    expect(refusal(alice, 'edit_descriptive', facts('published'))).toBeNull();
  });
});

describe('review', () => {
  it('names what is missing before submission', () => {
    const bare = ZDatasetMetadata.parse({ title: 'x' });
    expect(missingForSubmission(bare)).toEqual([
      'a description',
      'at least one creator',
      'a licence (CC0 1.0, CC BY 4.0, CC BY-NC 4.0)',
    ]);
    expect(refusal(alice, 'submit', facts('draft', { metadata: bare }))).toBe(
      'Before review, the dataset needs a description, at least one creator and a licence (CC0 1.0, CC BY 4.0, CC BY-NC 4.0).',
    );
    expect(refusal(alice, 'submit', facts('draft'))).toBeNull();
    expect(refusal(alice, 'submit', facts('rejected'))).toBeNull();
    expect(refusal(alice, 'submit', facts('in_review'))).toBe(
      'Only a draft or a rejected version can be submitted (this one is in review).',
    );
  });

  it('lets curators approve and reject, but never their own dataset', () => {
    expect(refusal(curator, 'approve', facts('in_review'))).toBeNull();
    expect(refusal(bob, 'approve', facts('in_review'))).toBe('Only curators review datasets.');
    const own = facts('in_review', { ownerId: 3 });
    expect(refusal(curator, 'approve', own)).toBe('Nobody can approve their own dataset.');
    expect(refusal({ userId: 3, role: 'admin' }, 'approve', own)).toBe(
      'Nobody can approve their own dataset.',
    );
    expect(refusal(curator, 'reject', facts('draft'))).toBe(
      'Only a version in review can be approved or rejected.',
    );
  });

  it('embargoes an approval whose embargo date is still ahead', () => {
    const embargo = (date: string | null) => ({ ...complete, embargo_until: date });
    expect(approvedState('in_review', embargo('2027-01-01'), '2026-11-24')).toBe('embargoed');
    expect(approvedState('in_review', embargo('2026-11-24'), '2026-11-24')).toBe('published');
    expect(approvedState('in_review', embargo(null), '2026-11-24')).toBe('published');
  });
});

describe('withdrawal, discarding and new versions', () => {
  it('withdraws a published dataset (owner or curator), discards drafts instead', () => {
    expect(refusal(alice, 'withdraw', facts('published'))).toBeNull();
    expect(refusal(curator, 'withdraw', facts('published'))).toBeNull();
    expect(refusal(bob, 'withdraw', facts('published'))).toMatch(/owner or a curator/);
    expect(refusal(alice, 'withdraw', facts('draft'))).toMatch(/discard its draft/);
    expect(refusal(alice, 'withdraw', facts('published', { withdrawn: true }))).toMatch(
      /already been withdrawn/,
    );
    expect(refusal(alice, 'discard', facts('draft'))).toBeNull();
    expect(refusal(alice, 'discard', facts('rejected'))).toBeNull();
    expect(refusal(alice, 'discard', facts('published'))).toBe(
      'Only a draft or a rejected version can be discarded.',
    );
    expect(refusal(alice, 'discard', facts('in_review'))).toMatch(/draft or a rejected/);
  });

  it('allows one version in preparation at a time', () => {
    expect(refusal(alice, 'new_version', facts('published', { hasOpenVersion: false }))).toBeNull();
    expect(refusal(alice, 'new_version', facts('published', { hasOpenVersion: true }))).toMatch(
      /submit or discard it first/,
    );
    expect(refusal(anonymous, 'new_version', facts('published'))).toBe('Log in first.');
  });
});
