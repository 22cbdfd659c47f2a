import { describe, expect, it } from 'vitest';
import { distinctTitles, type TitleFacts } from './distinct-titles';

const facts = (key: number, title: string, more: Partial<TitleFacts> = {}): TitleFacts => ({
  key,
  title,
  sites: [],
  countries: [],
  years: [],
  ...more,
});

describe('distinctTitles', () => {
  it("keeps a title nobody else has, and qualifies the seed's four GlobalSearch_GBR by site", () => {
    const titles = distinctTitles([
      facts(1, 'GlobalSearch_AmSamoa', { sites: ['Alofau'] }),
      facts(8, 'GlobalSearch_GBR', { sites: ['Davies'], countries: ['AUS'], years: ['2022'] }),
      facts(9, 'GlobalSearch_GBR', { sites: ['Lady Musgrave'], countries: ['AUS'] }),
      facts(10, 'GlobalSearch_GBR ', { sites: ['Moore'], countries: ['AUS'] }),
      facts(11, 'globalsearch_gbr', { sites: ['North Direction'], countries: ['AUS'] }),
    ]);
    expect([...titles.values()]).toEqual([
      'GlobalSearch_AmSamoa',
      'GlobalSearch_GBR: Davies',
      'GlobalSearch_GBR: Lady Musgrave',
      'GlobalSearch_GBR: Moore',
      'globalsearch_gbr: North Direction',
    ]);
  });

  it('falls back to countries, then years, then all three, then the dataset number', () => {
    const sameSites = { sites: ['Reef'] };
    expect(
      distinctTitles([
        facts(1, 'T', { ...sameSites, countries: ['FJ'] }),
        facts(2, 'T', { ...sameSites, countries: ['AUS'] }),
      ]).get(2),
    ).toBe('T: AUS');
    expect(
      distinctTitles([
        facts(1, 'T', { ...sameSites, years: ['2021'] }),
        facts(2, 'T', { ...sameSites, years: ['2022', '2021'] }),
      ]).get(2),
    ).toBe('T: 2021, 2022');
    expect([
      ...distinctTitles([facts(1, 'T', sameSites), facts(2, 'T', sameSites)]).values(),
    ]).toEqual(['T: dataset 1', 'T: dataset 2']);
  });

  it('names at most three sites, then how many more', () => {
    const many = { sites: ['e', 'd', 'c', 'b', 'a'] };
    expect(distinctTitles([facts(1, 'T', many), facts(2, 'T', { sites: ['z'] })]).get(1)).toBe(
      'T: a, b, c +2 more',
    );
  });
});
