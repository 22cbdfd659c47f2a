import { describe, expect, it } from 'vitest';
import { citationKey, initials, personName } from './citation-facts';
import { cslItem } from './csl-item';
import { recommendedCitation } from './recommended-citation';
import { FULL_VERSION, SEED_VERSION } from '../../test/citation-facts';

describe('personName', () => {
  it.each([
    ['Voolstra, Christian R.', { family: 'Voolstra', given: 'Christian R.' }],
    ['Christian R. Voolstra', { family: 'Voolstra', given: 'Christian R.' }],
    ['  van Oppen ,  Madeleine ', { family: 'van Oppen', given: 'Madeleine' }],
    ['CoralWatch', { family: 'CoralWatch', given: '' }],
  ])('%s', (name, expected) => {
    expect(personName(name)).toEqual(expected);
  });
});

describe('initials', () => {
  it('abbreviates each given name, hyphenated ones per part, accents kept', () => {
    expect(initials('Christian R.')).toBe('C. R.');
    expect(initials('Jean-Luc')).toBe('J.-L.');
    expect(initials('élodie')).toBe('É.');
    expect(initials('')).toBe('');
  });
});

describe('recommendedCitation', () => {
  it('cites creators, year, title, version, platform and the DOI (APA 7, data set)', () => {
    expect(recommendedCitation(FULL_VERSION)).toEqual({
      text:
        'Voolstra, C. R., & Evensen, N. R. (2024). Thermal tolerance of Acropora & Pocillopora ' +
        'in the Red Sea (Version 2) [Data set]. Coral Thermal Tolerance. ' +
        'https://doi.org/10.1234/coral.12.v2',
      url: 'https://doi.org/10.1234/coral.12.v2',
    });
  });

  it('without a DOI points to the page; without creators the platform is the author', () => {
    expect(recommendedCitation({ ...SEED_VERSION, importedFrom: null })).toEqual({
      text:
        'Coral Thermal Tolerance. (2023). Coral Future public data (Version 1) [Data set]. ' +
        'http://localhost:8000/datasets/1/versions/1',
      url: 'http://localhost:8000/datasets/1/versions/1',
    });
  });

  it('cites imported data without recorded creators by title, saying so and naming the source', () => {
    expect(recommendedCitation(SEED_VERSION).text).toBe(
      'Coral Future public data (Version 1) [Data set; creators not recorded, imported from the ' +
        'Coral Future database]. (2023). Coral Thermal Tolerance. ' +
        'http://localhost:8000/datasets/1/versions/1',
    );
  });

  it('lists one author alone and more than 20 as 19, an ellipsis and the last', () => {
    const one = recommendedCitation({
      ...FULL_VERSION,
      creators: FULL_VERSION.creators.slice(0, 1),
    });
    expect(one.text).toMatch(/^Voolstra, C\. R\. \(2024\)\. /);
    const many = Array.from({ length: 22 }, (_, i) => ({
      name: `Author${i + 1}, A.`,
      orcid: null,
      affiliation: null,
    }));
    const text = recommendedCitation({ ...FULL_VERSION, creators: many }).text;
    expect(text).toContain('Author19, A., . . . Author22, A. (2024).');
    expect(text).not.toContain('Author20');
  });

  it('is deterministic and keeps quotes, braces and accents as typed', () => {
    const facts = {
      ...FULL_VERSION,
      title: 'Réunion "hot" {reefs}',
      creators: [{ name: 'Évensen, Nicolás', orcid: null, affiliation: null }],
    };
    const first = recommendedCitation(facts);
    expect(recommendedCitation(structuredClone(facts))).toEqual(first);
    expect(first.text).toBe(
      'Évensen, N. (2024). Réunion "hot" {reefs} (Version 2) [Data set]. ' +
        'Coral Thermal Tolerance. https://doi.org/10.1234/coral.12.v2',
    );
  });

  it('refuses a version without a valid publication date', () => {
    expect(() => recommendedCitation({ ...FULL_VERSION, publishedAt: 'soon' })).toThrow(
      /"soon" is not a date/,
    );
  });
});

describe('cslItem', () => {
  it('is a CSL-JSON dataset with family/given names, year, version, DOI and page', () => {
    expect(cslItem(FULL_VERSION)).toEqual({
      id: 'dataset-12-v2',
      type: 'dataset',
      title: 'Thermal tolerance of Acropora & Pocillopora in the Red Sea',
      author: [
        { family: 'Voolstra', given: 'Christian R.' },
        { family: 'Evensen', given: 'Nicolas R.' },
      ],
      issued: { 'date-parts': [[2024]] },
      version: '2',
      publisher: 'Coral Thermal Tolerance',
      URL: 'https://corals.example.org/datasets/12/versions/2',
      DOI: '10.1234/coral.12.v2',
      abstract: 'CBASS assays at four temperatures; ED50 per colony.',
      keyword: 'CBASS,ED50,cbass',
      license: 'https://creativecommons.org/licenses/by/4.0/',
      note: 'Project: Red Sea CBASS',
    });
    expect(citationKey(FULL_VERSION)).toBe('dataset-12-v2');
  });

  it('leaves out what a seed version does not have (DOI, licence, abstract, keywords)', () => {
    const item = cslItem(SEED_VERSION);
    // The source is credited as an organisation, and the note says the creators are unknown.
    expect(item.author).toEqual([{ family: 'Coral Future database' }]);
    expect(item.note).toBe(
      'Project: Coral Future. Creators not recorded; imported from the Coral Future database ' +
        '(https://coralfuture.org).',
    );
    expect(cslItem({ ...SEED_VERSION, importedFrom: null }).author).toEqual([
      { family: 'Coral Thermal Tolerance' },
    ]);
    for (const key of ['DOI', 'license', 'abstract', 'keyword']) {
      expect(item).not.toHaveProperty(key);
    }
  });
});
