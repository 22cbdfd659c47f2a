import { describe, expect, it } from 'vitest';
import {
  NO_CONDITION_LABEL,
  siteKey,
  siteLabel,
  speciesDistributions,
  type SpeciesColonyPlace,
} from './species-distributions';

const fiji = { country: 'FJ', latitude: -18.20583554, longitude: 177.6889888 };
const redSea = { country: 'SAU', latitude: 22.3, longitude: 39.1 };
const colonies: SpeciesColonyPlace[] = [
  { id: 1, ...fiji },
  { id: 2, ...fiji },
  { id: 3, ...redSea },
  // A colony without any ED50 still counts at its site.
  { id: 4, ...redSea },
];

describe('site keys and labels', () => {
  it('treat coordinates equal to 4 decimals as one site', () => {
    expect(siteKey({ latitude: -18.20583554, longitude: 177.6889888 })).toBe(
      siteKey({ latitude: -18.205834, longitude: 177.68899 }),
    );
  });

  it('label with country and hemispheres', () => {
    expect(siteLabel(fiji)).toBe('FJ · 18.2058° S, 177.6890° E');
    expect(siteLabel({ country: 'USA', latitude: 24.5, longitude: -81.25 })).toBe(
      'USA · 24.5000° N, 81.2500° W',
    );
  });
});

describe('speciesDistributions', () => {
  const result = speciesDistributions(colonies, [
    { colony_id: 1, condition: 'Winter', abs: 36, rel: 7.5 },
    { colony_id: 1, condition: 'Summer', abs: 37, rel: 8.5 },
    { colony_id: 2, condition: 'Winter', abs: 35, rel: null },
    { colony_id: 3, condition: null, abs: 38, rel: 6 },
  ]);

  it('groups by site with every colony counted, ED50s absolute and relative', () => {
    expect(result.by_site.map((s) => [s.label, s.colony_count])).toEqual([
      ['FJ · 18.2058° S, 177.6890° E', 2],
      ['SAU · 22.3000° N, 39.1000° E', 2],
    ]);
    const [fijiSite] = result.by_site;
    expect(fijiSite!.ed50.absolute?.values).toEqual([35, 36, 37]);
    // The colony without an MMM has no relative value: left out of the relative distribution only.
    expect(fijiSite!.ed50.relative?.values).toEqual([7.5, 8.5]);
    expect(fijiSite!.ed50.absolute?.median).toBe(36);
  });

  it('groups by condition, alphabetically, with entries without a condition last', () => {
    expect(result.by_condition.map((c) => [c.label, c.colony_count, c.ed50.absolute?.n])).toEqual([
      ['Summer', 1, 1],
      ['Winter', 2, 2],
      [NO_CONDITION_LABEL, 1, 1],
    ]);
  });

  it('summarises every entry overall', () => {
    expect(result.overall.absolute?.n).toBe(4);
    expect(result.overall.relative?.values).toEqual([6, 7.5, 8.5]);
  });

  it('has no distributions when there are no values', () => {
    const empty = speciesDistributions(colonies, []);
    expect(empty.overall).toEqual({ absolute: null, relative: null });
    expect(empty.by_condition).toEqual([]);
    expect(empty.by_site.every((s) => s.ed50.absolute === null)).toBe(true);
  });

  it('refuses an entry of a colony that is not among the colonies', () => {
    expect(() =>
      speciesDistributions(colonies, [{ colony_id: 99, condition: null, abs: 36, rel: null }]),
    ).toThrow('colony 99');
  });
});
