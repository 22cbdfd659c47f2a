import { describe, expect, it } from 'vitest';
import { TEST_DEFAULTS as defaults } from '../../test/test-colonies';
import { UNTRUSTWORTHY_FLAG_CODES } from '../thresholds/quality-flags';
import { THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { colonyPredicate } from './filter-predicate';
import { RANGE_SPEC_BY_KEY } from './filter-set';

describe('colonyPredicate: the filter set as conditions a database can evaluate (decision 0031)', () => {
  it('an empty set, blank fields and ranges at their defaults give no condition', () => {
    const { min, max } = defaults[RANGE_SPEC_BY_KEY.absThermalTolerance.defaultKey];
    expect(colonyPredicate({}, defaults)).toEqual({ all: [] });
    expect(
      colonyPredicate(
        { species: '', years: [], hideFlagged: false, absThermalTolerance: [min, max] },
        defaults,
      ),
    ).toEqual({ all: [] });
  });

  it('names each filter once, in the engine’s normal form (years sorted and distinct)', () => {
    expect(
      colonyPredicate(
        { species: 'Porites lutea', project: 'P1', years: [2023, 2022, 2023] },
        defaults,
      ),
    ).toEqual({
      all: [
        { kind: 'species', equals: 'Porites lutea' },
        { kind: 'project', name: 'P1' },
        { kind: 'collectionYear', years: [2022, 2023] },
      ],
    });
  });

  it('maps each range key to its kind and scale (legacy keys included)', () => {
    const { all } = colonyPredicate(
      { ed5Mmm: [1, 2], thermalToleranceTemperatures: [3, 4], ed95: [35, 36] },
      defaults,
    );
    expect(all).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ thresholdKind: 'ed5', value: 'relative', min: 1, max: 2 }),
        expect.objectContaining({ thresholdKind: 'ed50', value: 'relative', min: 3, max: 4 }),
        expect.objectContaining({ thresholdKind: 'ed95', value: 'absolute', min: 35, max: 36 }),
      ]),
    );
    expect(all.every((c) => c.kind === 'thresholdInRange' && c.excludeFlags.length === 0)).toBe(
      true,
    );
  });

  it('"Hide flagged values" hides all-flagged colonies and makes ranges skip flagged entries', () => {
    const { all } = colonyPredicate({ hideFlagged: true, ed50: [30, 40] }, defaults);
    expect(all).toEqual([
      { kind: 'notOnlyFlagged', thresholdKinds: THRESHOLD_KINDS, flags: UNTRUSTWORTHY_FLAG_CODES },
      {
        kind: 'thresholdInRange',
        thresholdKind: 'ed50',
        value: 'absolute',
        min: 30,
        max: 40,
        excludeFlags: UNTRUSTWORTHY_FLAG_CODES,
      },
    ]);
  });
});
