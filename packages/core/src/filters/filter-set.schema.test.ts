import { describe, expect, it } from 'vitest';
import { ZFilterQuery, ZFilterSet } from './filter-set.schema';
import { ALL_RANGE_KEYS, FILTER_QUERY_KEYS } from './index';

describe('ZFilterSet (a cart group’s filter_params)', () => {
  it('accepts every key', () => {
    const filters = {
      species: 'S',
      project: 'P',
      years: [2022],
      hideFlagged: true,
      ...Object.fromEntries(ALL_RANGE_KEYS.map((key) => [key, [1, 2]])),
    };
    expect(ZFilterSet.parse(filters)).toEqual(filters);
    expect(ZFilterSet.parse({})).toEqual({});
  });

  it.each([
    [{ colour: 'red' }],
    [{ years: [2022.5] }],
    [{ ed50: [1] }],
    [{ ed50: [1, 'x'] }],
    [{ species: 3 }],
    [{ hideFlagged: 'true' }],
  ])('refuses %j', (value) => {
    expect(ZFilterSet.safeParse(value).success).toBe(false);
  });
});

describe('ZFilterQuery (GET /api/public/colonies/ parameters)', () => {
  it('documents exactly the parameters the parser reads', () => {
    expect(Object.keys(ZFilterQuery.shape)).toEqual(FILTER_QUERY_KEYS);
  });

  it('accepts well-formed parameters', () => {
    const query = {
      species: 'S',
      years: '2022,2222',
      absThermalTolerance: '33.5,40',
      ed5: '-Infinity,30',
    };
    expect(ZFilterQuery.parse(query)).toEqual(query);
  });

  it('names unknown parameters', () => {
    const result = ZFilterQuery.safeParse({ colour: 'red', size: '1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unknown filter parameters: colour, size');
  });

  it('accepts hideFlagged=true only, and says what it expects', () => {
    expect(ZFilterQuery.parse({ hideFlagged: 'true' })).toEqual({ hideFlagged: 'true' });
    const result = ZFilterQuery.safeParse({ hideFlagged: 'false' });
    expect(result.error?.issues[0]?.message).toMatch(/hideFlagged: the only value is "true"/);
  });

  it.each([
    [{ ed50: '1' }],
    [{ years: 'x' }],
    [{ hideFlagged: 'yes' }],
    [{ species: '' }],
    [{ species: ['a', 'b'] }],
  ])('refuses %j', (query) => {
    expect(ZFilterQuery.safeParse(query).success).toBe(false);
  });
});
