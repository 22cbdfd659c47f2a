import { describe, expect, it } from 'vitest';
import { siteKey, summarizeSites } from './site-summary';

const colony = (latitude: number, longitude: number, species: string) => ({
  latitude,
  longitude,
  species,
});

describe('siteKey', () => {
  it('rounds coordinates to 4 decimals', () => {
    expect(siteKey(-18.20581, 177.68904)).toBe('-18.2058,177.6890');
    expect(siteKey(-18.20584, 177.68896)).toBe(siteKey(-18.20581, 177.68904));
    expect(siteKey(-18.2059, 177.689)).not.toBe(siteKey(-18.2058, 177.689));
  });
});

describe('summarizeSites', () => {
  const source = {
    colonies: [
      colony(-18.20581, 177.689, 'Porites lobata'), // 0
      colony(-18.20584, 177.689, 'Porites cylindrica'), // 1: same site, logged 3 m away
      colony(-18.2058, 177.689, 'Porites lobata'), // 2
      colony(-14.3, -170.7, 'Acropora hyacinthus'), // 3: another site
      colony(-18.2058, 177.689, 'Porites lobata'), // 4: same site, filtered out
    ],
    ed50Absolute: [36, 38, Number.NaN, 35, 30],
  };

  it('counts colonies per species and takes mean ± SD of the colonies with an ED50', () => {
    const [site, ...rest] = summarizeSites(source, [0], [0, 1, 2, 3]);
    expect(rest).toEqual([]);
    expect(site).toEqual({
      key: '-18.2058,177.6890',
      latitude: -18.2058,
      longitude: 177.689,
      colonyCount: 3,
      species: [
        { species: 'Porites lobata', colonies: 2 },
        { species: 'Porites cylindrica', colonies: 1 },
      ],
      ed50: { mean: 37, sd: Math.SQRT2, n: 2 },
    });
  });

  it('counts only the colonies that pass the filters', () => {
    const [all] = summarizeSites(source, [0], [0, 1, 2, 3, 4]);
    expect(all!.colonyCount).toBe(4);
    expect(all!.ed50?.mean).toBeCloseTo(104 / 3, 9);
    expect(all!.ed50?.sd).toBeCloseTo(4.163, 3);
    expect(all!.ed50?.n).toBe(3);
  });

  it('gives one summary per site of the marker, no SD for one colony, none without an ED50', () => {
    const sites = summarizeSites(source, [3, 0], [0, 1, 2, 3]);
    expect(sites.map((s) => s.key)).toEqual(['-14.3000,-170.7000', '-18.2058,177.6890']);
    expect(sites[0]!.ed50).toEqual({ mean: 35, sd: null, n: 1 });
    expect(summarizeSites(source, [2], [2])[0]!.ed50).toBeNull();
  });
});
