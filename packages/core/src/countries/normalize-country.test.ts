import { describe, expect, it } from 'vitest';
import { countryName, findCountry, toAlpha3 } from './normalize-country';

describe('toAlpha3', () => {
  it.each([
    // every code form found in the seed dataset
    ['FJ', 'FJI'],
    ['ASM', 'ASM'],
    ['UAE', 'ARE'],
    ['USA', 'USA'],
    ['AUS', 'AUS'],
    ['CUW', 'CUW'],
    // case, whitespace and names
    [' fj ', 'FJI'],
    ['sau', 'SAU'],
    ['Fiji', 'FJI'],
    ['united arab emirates', 'ARE'],
  ])('%j → %s', (input, expected) => {
    expect(toAlpha3(input)).toBe(expected);
  });

  it.each([[''], ['   '], ['XX'], ['Atlantis'], [null], [undefined]])('%j is unknown', (input) => {
    expect(toAlpha3(input)).toBeUndefined();
  });
});

describe('countryName', () => {
  it('names a known code and echoes an unknown one', () => {
    expect(countryName('CUW')).toBe('Curaçao');
    expect(findCountry('AS')?.name).toBe('American Samoa');
    expect(countryName('ZZZ')).toBe('ZZZ');
  });
});
