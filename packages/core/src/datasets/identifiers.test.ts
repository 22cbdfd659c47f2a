import { describe, expect, it } from 'vitest';
import { normalizeDoi, normalizeOrcid, orcidCheckDigit } from './identifiers';

describe('normalizeOrcid', () => {
  it.each([
    // ORCID's own examples (support.orcid.org "Structure of the ORCID Identifier")
    ['0000-0002-1825-0097', '0000-0002-1825-0097'],
    ['0000-0001-5109-3700', '0000-0001-5109-3700'],
    ['0000-0002-1694-233X', '0000-0002-1694-233X'],
    ['https://orcid.org/0000-0002-1694-233x', '0000-0002-1694-233X'],
    ['orcid.org/0000-0002-1825-0097', '0000-0002-1825-0097'],
    ['  0000000218250097 ', '0000-0002-1825-0097'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeOrcid(input)).toBe(expected);
  });

  it.each([
    '0000-0002-1825-0098', // wrong check digit
    '0000-0002-1825-009',
    '0000-0002-1825-00970',
    'https://example.org/0000-0002-1825-0097',
    'abcd-0002-1825-0097',
    '',
  ])('refuses %j', (input) => {
    expect(normalizeOrcid(input)).toBeNull();
  });

  it('computes the check digit of ORCID examples', () => {
    expect(orcidCheckDigit('000000021825009')).toBe('7');
    expect(orcidCheckDigit('000000021694233')).toBe('X');
  });
});

describe('normalizeDoi', () => {
  it.each([
    ['10.1038/s41558-021-01110-7', '10.1038/s41558-021-01110-7'],
    ['https://doi.org/10.1111/GCB.15148', '10.1111/GCB.15148'],
    ['doi:10.5281/zenodo.1234567', '10.5281/zenodo.1234567'],
    ['http://dx.doi.org/10.1000.10/123', '10.1000.10/123'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeDoi(input)).toBe(expected);
  });

  it.each(['No doi available', '10.1038', '11.1038/x', '10.12/x', '10.1038/has space', ''])(
    'refuses %j',
    (input) => {
      expect(normalizeDoi(input)).toBeNull();
    },
  );
});
