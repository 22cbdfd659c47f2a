import { describe, expect, it } from 'vitest';
import { ZDatasetMetadata } from './dataset-metadata';
import {
  DATASET_STATES,
  DATASET_VERSION_STATES,
  OPEN_STATES,
  PUBLIC_DATA_STATES,
  PUBLIC_STATES,
  statesAllowing,
  type DatasetVersionState,
} from './dataset-states';
import { approvedState } from './lifecycle';

/** The rules every state of the table must keep (docs/decisions/0046-dataset-states.md). */
describe('the dataset-state table', () => {
  it('keeps the data of open versions private and public data public', () => {
    for (const state of DATASET_VERSION_STATES) {
      const spec = DATASET_STATES[state];
      if (spec.publicData) expect(spec.public, state).toBe(true);
      if (spec.open) expect(spec.public, state).toBe(false);
      // Public rows never change (snapshots and citations rely on it): their data are fixed.
      if (spec.public) expect(spec.editable, state).not.toBe('all');
      expect(spec.label, state).toMatch(/^[a-z][a-z ]*$/);
    }
  });

  it('reaches every state from a new draft', () => {
    const embargoAhead = ZDatasetMetadata.parse({ embargo_until: '2999-01-01' });
    const reached = new Set<DatasetVersionState>(['draft']);
    const queue: DatasetVersionState[] = ['draft'];
    for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
      const targets = Object.values(DATASET_STATES[state].transitions).filter((t) => t !== null);
      if (statesAllowing('approve').includes(state)) {
        targets.push(approvedState(state, embargoAhead, '2026-11-24'));
      }
      for (const target of targets) {
        if (!reached.has(target)) queue.push(target);
        reached.add(target);
      }
    }
    expect([...reached].sort()).toEqual([...DATASET_VERSION_STATES].sort());
  });

  it('derives today’s sets from the table', () => {
    expect(DATASET_VERSION_STATES).toEqual([
      'draft',
      'in_review',
      'rejected',
      'published',
      'embargoed',
    ]);
    expect(OPEN_STATES).toEqual(['draft', 'in_review', 'rejected']);
    expect(PUBLIC_STATES).toEqual(['published', 'embargoed']);
    expect(PUBLIC_DATA_STATES).toEqual(['published']);
    expect(statesAllowing('approve')).toEqual(['in_review']);
    expect(statesAllowing('release')).toEqual(['embargoed']);
    expect(statesAllowing('discard')).toEqual(['draft', 'rejected']);
  });
});
