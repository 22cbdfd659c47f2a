import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import synonymCassette from '../../../../fixtures/worms/wm_records_taxamatch.yml?raw';
import acceptedCassette from '../../../../fixtures/worms/wm_record.yml?raw';
import nearAnswer from '../../../../fixtures/worms/adyork-intro-to-apis-taxamatch-gadus-morha.json?raw';
import {
  classifyTaxonMatch,
  displayTaxonName,
  editDistance,
  nearestTaxonName,
  normaliseTaxonName,
  parseMatchNamesAnswer,
  parseWormsRecord,
  scientificNameId,
  taxonFlag,
  wormsQueryName,
} from '.';

/** The body WoRMS sent in a recorded vcr cassette (fixtures/worms/SOURCE.md). */
const cassetteBody = (cassette: string): unknown =>
  JSON.parse(
    (parse(cassette) as { http_interactions: { response: { body: { string: string } } }[] })
      .http_interactions[0]!.response.body.string,
  );

const synonymRecords = parseMatchNamesAnswer(cassetteBody(synonymCassette), 1)[0]!;
const acceptedRecords = (cassetteBody(acceptedCassette) as unknown[]).map(parseWormsRecord);
const nearRecords = parseMatchNamesAnswer(JSON.parse(nearAnswer), 1)[0]!;

describe('taxon names', () => {
  it('spells a name one way: spaces collapsed, genus capitalised, epithet lower case', () => {
    expect(normaliseTaxonName('  acropora   Hyacinthus ')).toBe('Acropora hyacinthus');
    expect(normaliseTaxonName('Acropora cf. samoensis')).toBe('Acropora cf. samoensis');
    expect(normaliseTaxonName('')).toBe('');
  });

  it('asks WoRMS without open-nomenclature qualifiers', () => {
    expect(wormsQueryName('Acropora cf. samoensis')).toBe('Acropora samoensis');
    expect(wormsQueryName('Porites sp.')).toBe('Porites');
    expect(wormsQueryName('Porites spp')).toBe('Porites');
    expect(wormsQueryName('Cyphastrea micropthlama')).toBe('Cyphastrea micropthlama');
  });
});

describe("WoRMS' answers, as recorded", () => {
  it('an exact match of an accepted name is linked to its LSID', () => {
    const match = classifyTaxonMatch(acceptedRecords);
    expect(match).toMatchObject({
      status: 'accepted',
      matchType: 'exact',
      aphiaId: 105706,
      acceptedName: 'Rhincodontidae',
      rank: 'Family',
    });
    expect(scientificNameId(match)).toBe('urn:lsid:marinespecies.org:taxname:105706');
    expect(displayTaxonName('Rhincodontidae', match)).toBe('Rhincodontidae');
    expect(taxonFlag('Rhincodontidae', match)).toBeNull();
  });

  it('a synonym keeps the name as written and is shown under its accepted name', () => {
    const match = classifyTaxonMatch(synonymRecords);
    expect(match).toMatchObject({
      status: 'synonym',
      aphiaId: 302815,
      lsid: 'urn:lsid:marinespecies.org:taxname:302815',
      wormsStatus: 'unaccepted',
      acceptedAphiaId: 126846,
      acceptedName: 'Coryphaena hippurus',
      classification: { kingdom: 'Animalia', family: 'Coryphaenidae', genus: 'Coryphaena' },
    });
    expect(displayTaxonName('Coryphaena immaculata', match)).toBe('Coryphaena hippurus');
    expect(scientificNameId(match)).toBe('urn:lsid:marinespecies.org:taxname:126846');
    expect(taxonFlag('Coryphaena immaculata', match)).toBeNull();
  });

  it('a near match is flagged with what was written and what WoRMS suggests, never corrected', () => {
    const match = classifyTaxonMatch(nearRecords);
    expect(match).toMatchObject({ status: 'near', matchType: 'near_1', aphiaId: 126436 });
    expect(displayTaxonName('Gadus morha', match)).toBe('Gadus morha');
    expect(scientificNameId(match)).toBeNull();
    const flag = taxonFlag('Gadus morha', match)!;
    expect(flag.code).toBe('species_near_match');
    expect(flag.message).toContain('“Gadus morha”');
    expect(flag.message).toContain('WoRMS suggests “Gadus morhua”');
  });

  it('no match (204 No Content, or an empty list) is flagged', () => {
    const [records] = parseMatchNamesAnswer(undefined, 1);
    const match = classifyTaxonMatch(records!);
    expect(match.status).toBe('none');
    expect(taxonFlag('Foo bar', match)).toMatchObject({ code: 'species_not_in_worms' });
    expect(displayTaxonName('Foo bar', match)).toBe('Foo bar');
  });

  it('an exact match beats a fuzzy one, an accepted name an unaccepted one', () => {
    const match = classifyTaxonMatch([...nearRecords, ...synonymRecords, ...acceptedRecords]);
    expect(match.aphiaId).toBe(105706);
  });

  it('refuses answers that are not WoRMS records, with a reason', () => {
    expect(() => parseMatchNamesAnswer([[]], 2)).toThrow(
      'WoRMS answered a list of 1 for 2 name(s)',
    );
    expect(() => parseWormsRecord({ scientificname: 'X' })).toThrow('integer AphiaID');
    expect(() => parseMatchNamesAnswer(['x'], 1)).toThrow('non-list');
  });
});

describe('nearest name in a loaded export', () => {
  it('finds the seed misspelling within two edits, and nothing far away', () => {
    const names = ['Cyphastrea microphthalma', 'Cyphastrea serailia', 'Acropora hyacinthus'];
    expect(nearestTaxonName('Cyphastrea micropthlama', names)).toEqual({
      name: 'Cyphastrea microphthalma',
      distance: 2,
    });
    expect(nearestTaxonName('Porites lobata', names)).toBeNull();
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('thlama', 'thalma', 3)).toBe(1);
  });
});
