import { describe, expect, it } from 'vitest';
import { filterSetToQueryEntries, filterSetToQueryString, parseFilterQuery } from './filter-query';
import { ALL_RANGE_KEYS, type FilterSet } from './filter-set';

describe('filterSetToQueryString', () => {
  it.each<[FilterSet, string]>([
    [{}, ''],
    [{ species: 'Porites lobata' }, 'species=Porites+lobata'],
    [{ project: 'A&B=C' }, 'project=A%26B%3DC'],
    [{ years: [2022, 2222] }, 'years=2022%2C2222'],
    [{ years: [] }, ''],
    [{ species: '' }, ''],
    [{ absThermalTolerance: [33.5, 40] }, 'absThermalTolerance=33.5%2C40'],
    [{ relThermalLimit: [-1.25, 0] }, 'relThermalLimit=-1.25%2C0'],
    [{ ed50: [-Infinity, 40] }, 'ed50=-Infinity%2C40'],
    [{ hideFlagged: true }, 'hideFlagged=true'],
    [{ hideFlagged: false }, ''],
    [
      { absThermalTolerance: [33, 40], hideFlagged: true, years: [2022] },
      'years=2022&hideFlagged=true&absThermalTolerance=33%2C40',
    ],
    [
      { ed95Mmm: [1, 2], absThermalTolerance: [33, 40], years: [2022], project: 'P', species: 'S' },
      'species=S&project=P&years=2022&absThermalTolerance=33%2C40&ed95Mmm=1%2C2',
    ],
  ])('%j → %s', (filters, query) => {
    expect(filterSetToQueryString(filters)).toBe(query);
  });
});

describe('parseFilterQuery', () => {
  it('reads back what it writes, for every key', () => {
    const filters: FilterSet = {
      species: 'Porites cylindrica',
      project: 'GlobalSearch_Carib',
      years: [2022, 2222],
      hideFlagged: true,
      ...Object.fromEntries(ALL_RANGE_KEYS.map((key, i) => [key, [i + 0.25, i + 10.5]])),
    };
    const { filters: parsed, problems } = parseFilterQuery(
      new URLSearchParams(filterSetToQueryString(filters)),
    );
    expect(problems).toEqual([]);
    expect(parsed).toEqual(filters);
  });

  it('reads entries and parsed query objects alike', () => {
    const expected = { species: 'S', absThermalLimit: [36, 44] };
    expect(
      parseFilterQuery([
        ['species', 'S'],
        ['absThermalLimit', '36,44'],
      ]).filters,
    ).toEqual(expected);
    expect(
      parseFilterQuery({ species: 'S', absThermalLimit: '36,44', other: undefined }).filters,
    ).toEqual(expected);
  });

  it('sorts years and drops duplicates', () => {
    expect(parseFilterQuery({ years: '2222,2022,2022' }).filters).toEqual({ years: [2022, 2222] });
  });

  it('accepts infinities and exponents', () => {
    expect(parseFilterQuery({ ed50: '-Infinity,4e1', ed5: '.5,+Infinity' }).filters).toEqual({
      ed50: [-Infinity, 40],
      ed5: [0.5, Infinity],
    });
  });

  it.each<[string, Record<string, string | string[]>, RegExp]>([
    ['an unknown parameter', { colour: 'red' }, /unknown filter parameter "colour"/],
    ['a misspelt range key', { absThermalTolerances: '1,2' }, /unknown filter parameter/],
    ['a repeated parameter', { species: ['A', 'B'] }, /species: give it once/],
    ['a blank species', { species: '' }, /species: must not be empty/],
    ['a blank project', { project: '' }, /project: must not be empty/],
    ['years with letters', { years: '2022,abc' }, /years: expected comma-separated years/],
    ['years with a trailing comma', { years: '2022,' }, /years/],
    ['a range with one bound', { ed50: '33' }, /ed50: expected "min,max"/],
    ['a range with three bounds', { ed50: '1,2,3' }, /ed50: expected "min,max"/],
    ['a range with text', { ed50: 'low,high' }, /ed50: expected "min,max"/],
    ['a range with an empty bound', { ed50: ',40' }, /ed50: expected "min,max"/],
    ['a range with NaN', { ed50: 'NaN,40' }, /ed50: expected "min,max"/],
    [
      'hideFlagged=false',
      { hideFlagged: 'false' },
      /hideFlagged: the only value is "true".*got "false"/,
    ],
    ['hideFlagged=1', { hideFlagged: '1' }, /hideFlagged: the only value is "true"/],
    ['a blank hideFlagged', { hideFlagged: '' }, /hideFlagged: the only value is "true"/],
    ['hideFlagged in capitals', { hideFlagged: 'TRUE' }, /hideFlagged/],
    ['a repeated hideFlagged', { hideFlagged: ['true', 'true'] }, /hideFlagged: give it once/],
    ['a reversed range', { ed50: '40,33' }, /ed50: the minimum 40 is greater than the maximum 33/],
  ])('reports %s and leaves it out', (_, query, problem) => {
    const { filters, problems } = parseFilterQuery(query);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
    expect(filters).toEqual({});
  });

  it('keeps the good parameters beside a bad one', () => {
    const { filters, problems } = parseFilterQuery({ species: 'S', ed50: 'x' });
    expect(filters).toEqual({ species: 'S' });
    expect(problems).toHaveLength(1);
  });

  it('treats repeated URLSearchParams entries as a problem too', () => {
    expect(parseFilterQuery(new URLSearchParams('years=2022&years=2023')).problems).toEqual([
      'years: give it once',
    ]);
  });
});

describe('filterSetToQueryEntries', () => {
  it('orders species, project, years, then ranges in canonical order', () => {
    expect(
      filterSetToQueryEntries({
        thermalToleranceTemperatures: [1, 2],
        ed50Temperatures: [33, 40],
        species: 'S',
      }).map(([key]) => key),
    ).toEqual(['species', 'ed50Temperatures', 'thermalToleranceTemperatures']);
  });
});
