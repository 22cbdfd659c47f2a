import { describe, expect, it } from 'vitest';
import type { FilterSet } from './filter-set';
import { defaultGroupName } from './group-name';

describe('defaultGroupName (product-spec §4)', () => {
  it.each<[string, FilterSet | null | undefined, string]>([
    ['no filter set', undefined, 'All Colonies'],
    ['null', null, 'All Colonies'],
    ['an empty filter set', {}, 'All Colonies'],
    ['species', { species: 'Porites lobata' }, 'Porites lobata'],
    ['project', { project: 'GlobalSearch_GBR' }, 'GlobalSearch_GBR'],
    ['years', { years: [2022, 2222] }, 'Years: 2022, 2222'],
    [
      'species and project',
      { species: 'Porites lobata', project: 'GlobalSearch_GBR' },
      'Porites lobata | GlobalSearch_GBR',
    ],
    ['ED50 range', { absThermalTolerance: [33.5, 40] }, 'TT: 33.5-40°C'],
    [
      'the three absolute ranges in TT, BT, TL order',
      {
        absThermalLimit: [36, 44.95],
        absThermalTolerance: [32.11, 38],
        absBreakpointTemperature: [30, 35.25],
      },
      'TT: 32.11-38°C, BT: 30-35.25°C, TL: 36-44.95°C',
    ],
    [
      'a range at 20–40 is left out',
      { absThermalTolerance: [20, 40], absThermalLimit: [36, 40] },
      'TL: 36-40°C',
    ],
    ['a range moved only at one end is named', { absThermalTolerance: [20, 39] }, 'TT: 20-39°C'],
    [
      'float noise is rounded to 2 decimals',
      { absThermalTolerance: [33.300000000000004, 40] },
      'TT: 33.3-40°C',
    ],
    [
      'everything, joined by " | "',
      {
        species: 'Acropora hyacinthus',
        project: 'GlobalSearch_AmSamoa',
        years: [2022],
        absThermalTolerance: [34, 38],
      },
      'Acropora hyacinthus | GlobalSearch_AmSamoa | Years: 2022 | TT: 34-38°C',
    ],
    ['only a relative range: nothing composes', { relThermalTolerance: [4, 5] }, 'Filter Group'],
    ['only the ED alias: nothing composes', { ed50: [33, 40] }, 'Filter Group'],
    ['blank species and empty years only', { species: '', years: [] }, 'Filter Group'],
    ['only a range at 20–40', { absBreakpointTemperature: [20, 40] }, 'Filter Group'],
    ['an infinite range is not named', { absThermalTolerance: [-Infinity, 40] }, 'Filter Group'],
  ])('%s → %s', (_, filters, name) => {
    expect(defaultGroupName(filters)).toBe(name);
  });
});
