import { describe, expect, it } from 'vitest';
import { summarizeChanges, type ComparedColony, type ComparedThreshold } from './change-summary';

const colony = (name: string, more: Partial<ComparedColony> = {}): ComparedColony => ({
  name,
  species: 'Porites lobata',
  latitude: -18.2,
  longitude: 177.7,
  country: 'FJI',
  ...more,
});
const ed50 = (colonyName: string, abs: number | null, condition = 'Wild'): ComparedThreshold => ({
  colonyName,
  species: 'Porites lobata',
  kind: 'ed50',
  condition,
  timepoint: '420',
  abs,
});

describe('summarizeChanges', () => {
  it('finds nothing between identical versions (values equal to 2 decimals)', () => {
    const v = {
      colonies: [colony('A'), colony('B')],
      thresholds: [ed50('A', 37.57), ed50('B', 38)],
    };
    const again = { ...v, thresholds: [ed50('A', 37.5700001), ed50('B', 38)] };
    expect(summarizeChanges(v, again)).toEqual({
      colonies_added: 0,
      colonies_changed: 0,
      colonies_removed: 0,
      thresholds_changed: 0,
    });
  });

  it('counts added, removed and changed colonies and changed thresholds', () => {
    const v1 = {
      colonies: [colony('A'), colony('B'), colony('C')],
      thresholds: [ed50('A', 37.57), ed50('B', 38), ed50('C', 36)],
    };
    const v2 = {
      colonies: [colony('A'), colony('B', { latitude: -18.3 }), colony('D')],
      thresholds: [ed50('A', 37.9), ed50('A', 36.5, 'Nursery'), ed50('B', 38), ed50('D', 35)],
    };
    expect(summarizeChanges(v1, v2)).toEqual({
      colonies_added: 1, // D
      colonies_changed: 2, // A (values), B (moved)
      colonies_removed: 1, // C
      // A Wild changed, A Nursery new, C gone, D new
      thresholds_changed: 4,
    });
  });

  it('tells colonies of the same name but another species apart', () => {
    const v1 = { colonies: [colony('A')], thresholds: [] };
    const v2 = { colonies: [colony('A', { species: 'Acropora tenuis' })], thresholds: [] };
    expect(summarizeChanges(v1, v2)).toMatchObject({ colonies_added: 1, colonies_removed: 1 });
  });
});
