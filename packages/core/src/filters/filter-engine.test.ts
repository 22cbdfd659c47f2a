import { describe, expect, it } from 'vitest';
import {
  activeRangeKeys,
  clampRangesToBounds,
  compileColonyFilter,
  countActiveFilters,
  filterColonies,
  hasActiveAdvancedRange,
  isRangeActive,
  normalizeFilterSet,
} from './filter-engine';
import { ALL_RANGE_KEYS, RANGE_SPEC_BY_KEY, type AnyRangeKey, type FilterSet } from './filter-set';
import { colony, TEST_DEFAULTS as defaults, type Values } from '../../test/test-colonies';

const passes = (filters: FilterSet, c = colony()) => compileColonyFilter(filters, defaults)(c);

// product-spec §5: a range counts only when it differs from the default
describe('isRangeActive', () => {
  const bounds = { min: 32.11, max: 44.06 };
  it.each<[string, unknown, boolean]>([
    ['absent', undefined, false],
    ['null', null, false],
    ['equal to the default', [32.11, 44.06], false],
    ['equal up to float noise', [32.11 + 1e-12, 44.06 - 1e-12], false],
    ['min raised', [33, 44.06], true],
    ['max lowered', [32.11, 40], true],
    ['both moved', [33, 40], true],
    ['wider than the default', [30, 50], true],
    ['min −Infinity', [-Infinity, 40], false],
    ['max +Infinity', [33, Infinity], false],
    ['both infinite', [-Infinity, Infinity], false],
    ['NaN bound', [Number.NaN, 40], false],
    ['a null bound (JSON of Infinity)', [null, 40], false],
    ['a string bound', ['33', 40], false],
    ['one bound only', [33], false],
    ['three bounds', [33, 40, 41], false],
  ])('%s → %s', (_, range, active) => {
    expect(isRangeActive(range as never, bounds)).toBe(active);
  });

  it('is active for any finite range when the key has no default', () => {
    expect(isRangeActive([1, 2], undefined)).toBe(true);
  });
});

describe('species and project', () => {
  it.each<[string, FilterSet, boolean]>([
    ['no filter', {}, true],
    ['same species', { species: 'Porites lobata' }, true],
    ['other species', { species: 'Porites cylindrica' }, false],
    ['species differs only in case (equality is exact)', { species: 'porites lobata' }, false],
    ['species is a prefix only', { species: 'Porites' }, false],
    ['blank species is no filter', { species: '' }, true],
    ['project among the projects', { project: 'GlobalSearch_GBR' }, true],
    ['project not among them', { project: 'GlobalSearch_Carib' }, false],
    ['blank project is no filter', { project: '' }, true],
    [
      'species and project both match',
      { species: 'Porites lobata', project: 'GlobalSearch_GBR' },
      true,
    ],
    ['species matches, project not', { species: 'Porites lobata', project: 'X' }, false],
  ])('%s → %s', (_, filters, expected) => {
    expect(passes(filters)).toBe(expected);
  });

  it('finds the project anywhere in a colony with several projects', () => {
    const many = colony({ projects: ['A', 'B', 'GlobalSearch_Carib'] });
    expect(passes({ project: 'GlobalSearch_Carib' }, many)).toBe(true);
    expect(passes({ project: 'B' }, many)).toBe(true);
    expect(passes({ project: 'C' }, many)).toBe(false);
  });

  it('a colony without projects fails any project filter', () => {
    expect(passes({ project: 'A' }, colony({ projects: [] }))).toBe(false);
  });
});

describe('years (collection years of the colony’s biosamples)', () => {
  it.each<[string, number[] | undefined, number[] | undefined, boolean]>([
    ['no years filter', undefined, [2022], true],
    ['empty years list is no filter', [], [2022], true],
    ['the year matches', [2022], [2022], true],
    ['one of several years matches', [2021, 2222], [2022, 2222], true],
    ['no year matches', [2021], [2022, 2222], false],
    ['the 2222 dates of the seed are years like any other', [2222], [2222], true],
    ['a colony without dated biosamples fails', [2022], [], false],
    ['a colony whose feed has no years fails', [2022], undefined, false],
  ])('%s → %s', (_, years, colonyYears, expected) => {
    const c = colony();
    if (colonyYears === undefined) delete c.collection_years;
    else c.collection_years = colonyYears;
    expect(passes(years === undefined ? {} : { years }, c)).toBe(expected);
  });
});

/** One row per range key: the colony's values of that key's kind and scale. */
function colonyWith(key: AnyRangeKey, values: (number | null)[]) {
  const spec = RANGE_SPEC_BY_KEY[key];
  const entries: Values[] = values.map((v) =>
    spec.scale === 'absolute' ? { abs: v } : { rel: v },
  );
  return colony({ [spec.kind]: entries });
}

/** A range strictly inside the key's default, so that it is active. */
function narrowed(key: AnyRangeKey): [number, number] {
  const { min, max } = defaults[RANGE_SPEC_BY_KEY[key].defaultKey];
  return [min + 1, max - 1];
}

describe.each(ALL_RANGE_KEYS)('range %s', (key) => {
  const [lo, hi] = narrowed(key);
  const { min, max } = defaults[RANGE_SPEC_BY_KEY[key].defaultKey];

  it.each<[string, (number | null)[], boolean]>([
    ['one value inside', [(lo + hi) / 2], true],
    ['value on the lower bound (inclusive)', [lo], true],
    ['value on the upper bound (inclusive)', [hi], true],
    ['value just below', [lo - 0.01], false],
    ['value just above', [hi + 0.01], false],
    ['one of several values inside', [lo - 5, (lo + hi) / 2, hi + 5], true],
    ['all values outside', [lo - 5, hi + 5], false],
    ['only null values', [null, null], false],
    ['a null beside a value inside', [null, lo], true],
    ['no entries of the kind', [], false],
    ['a failed fit far outside (2365 °C)', [2365.11], false],
  ])('%s → %s', (_, values, expected) => {
    expect(passes({ [key]: [lo, hi] }, colonyWith(key, values))).toBe(expected);
  });

  it('filters nothing at its default, even colonies without entries', () => {
    expect(passes({ [key]: [min, max] }, colonyWith(key, []))).toBe(true);
    expect(passes({ [key]: [min, max] }, colonyWith(key, [2365.11]))).toBe(true);
  });

  it.each([
    [-Infinity, hi],
    [lo, Infinity],
    [-Infinity, Infinity],
  ])('filters nothing with an infinity: [%s, %s]', (a, b) => {
    expect(passes({ [key]: [a, b] }, colonyWith(key, []))).toBe(true);
  });

  it('compares only its own kind and scale', () => {
    const spec = RANGE_SPEC_BY_KEY[key];
    const otherScale: Values[] = [spec.scale === 'absolute' ? { rel: lo } : { abs: lo }];
    expect(passes({ [key]: [lo, hi] }, colony({ [spec.kind]: otherScale }))).toBe(false);
    const otherKind = spec.kind === 'ed50' ? 'ed95' : 'ed50';
    const values: Values[] = [spec.scale === 'absolute' ? { abs: lo } : { rel: lo }];
    expect(passes({ [key]: [lo, hi] }, colony({ [otherKind]: values }))).toBe(false);
  });
});

describe('several filters together (all must pass)', () => {
  const c = colony({
    species: 'Porites cylindrica',
    projects: ['2022_FJI_Viti_Levu_ElisaJahreis'],
    collection_years: [2022],
    ed50: [
      { abs: 37.57, rel: 9.12 },
      { abs: 37.75, rel: 9.3 },
    ],
    ed5: [{ abs: 35.83, rel: 7.38 }],
    ed95: [{ abs: 39.38, rel: 10.93 }],
  });
  it.each<[string, FilterSet, boolean]>([
    ['species + ED50', { species: 'Porites cylindrica', absThermalTolerance: [37, 38] }, true],
    [
      'species + ED50 outside',
      { species: 'Porites cylindrica', absThermalTolerance: [38, 40] },
      false,
    ],
    [
      'ED50 + relative ED50',
      { absThermalTolerance: [37.7, 38], relThermalTolerance: [9, 9.2] },
      true,
    ],
    [
      'ED5 + ED95 both inside',
      { absBreakpointTemperature: [35, 36], absThermalLimit: [39, 40] },
      true,
    ],
    [
      'ED5 inside, ED95 outside',
      { absBreakpointTemperature: [35, 36], absThermalLimit: [40, 41] },
      false,
    ],
    ['years + project', { years: [2022], project: '2022_FJI_Viti_Levu_ElisaJahreis' }, true],
    ['years wrong', { years: [2222], project: '2022_FJI_Viti_Levu_ElisaJahreis' }, false],
    ['legacy ED50 alias', { ed50Temperatures: [37.5, 37.6] }, true],
    ['legacy relative alias', { thermalToleranceTemperatures: [9.2, 9.25] }, false],
  ])('%s → %s', (_, filters, expected) => {
    expect(passes(filters, c)).toBe(expected);
  });
});

describe('filterColonies', () => {
  const colonies = [
    colony({ species: 'A', ed50: [{ abs: 35 }] }),
    colony({ species: 'B', ed50: [{ abs: 40 }] }),
    colony({ species: 'A', ed50: [] }),
  ];
  it('keeps every colony, in order, for an empty or default-only filter set', () => {
    expect(filterColonies(colonies, {}, defaults)).toEqual(colonies);
    expect(filterColonies(colonies, { absThermalTolerance: [32.11, 44.06] }, defaults)).toEqual(
      colonies,
    );
  });
  it('keeps the passing colonies in order', () => {
    expect(filterColonies(colonies, { species: 'A' }, defaults)).toEqual([
      colonies[0],
      colonies[2],
    ]);
    expect(filterColonies(colonies, { absThermalTolerance: [34, 41] }, defaults)).toEqual([
      colonies[0],
      colonies[1],
    ]);
  });
  it('does not return the input array itself', () => {
    expect(filterColonies(colonies, {}, defaults)).not.toBe(colonies);
  });
});

describe('normalizeFilterSet', () => {
  it.each<[string, FilterSet, FilterSet]>([
    ['empty', {}, {}],
    ['blank species and project dropped', { species: '', project: '' }, {}],
    ['empty years dropped', { years: [] }, {}],
    ['years sorted and distinct', { years: [2222, 2022, 2222] }, { years: [2022, 2222] }],
    ['default range dropped', { absThermalTolerance: [32.11, 44.06] }, {}],
    ['infinite range dropped', { absThermalLimit: [-Infinity, 40] }, {}],
    ['active range kept', { ed5Mmm: [2, 3] }, { ed5Mmm: [2, 3] }],
    ['hideFlagged true kept', { hideFlagged: true }, { hideFlagged: true }],
    ['hideFlagged false dropped', { hideFlagged: false }, {}],
    [
      'hideFlagged after years, before the ranges',
      { absThermalTolerance: [33, 40], hideFlagged: true, years: [2022] },
      { years: [2022], hideFlagged: true, absThermalTolerance: [33, 40] },
    ],
    [
      'keys in canonical order',
      { ed95Mmm: [7, 8], species: 'S', absThermalTolerance: [33, 40], project: 'P' },
      { species: 'S', project: 'P', absThermalTolerance: [33, 40], ed95Mmm: [7, 8] },
    ],
  ])('%s', (_, filters, normal) => {
    const result = normalizeFilterSet(filters, defaults);
    expect(result).toEqual(normal);
    expect(Object.keys(result)).toEqual(Object.keys(normal));
  });
});

describe('countActiveFilters (the badge, product-spec §5)', () => {
  it.each<[string, FilterSet, number]>([
    ['nothing', {}, 0],
    ['species', { species: 'S' }, 1],
    ['blank species', { species: '' }, 0],
    ['project', { project: 'P' }, 1],
    ['years (one count for the list)', { years: [2022, 2222] }, 1],
    ['empty years', { years: [] }, 0],
    ['absolute ED50 changed', { absThermalTolerance: [33, 44.06] }, 1],
    ['absolute ED50 at default', { absThermalTolerance: [32.11, 44.06] }, 0],
    ['absolute ED50 with infinity', { absThermalTolerance: [-Infinity, 40] }, 0],
    ['absolute ED5 and ED95', { absBreakpointTemperature: [31, 37], absThermalLimit: [36, 44] }, 2],
    ['relative ranges do not count', { relThermalTolerance: [4, 5], relThermalLimit: [7, 8] }, 0],
    ['ed aliases do not count', { ed50: [33, 40], ed50Mmm: [4, 5], ed95: [36, 44] }, 0],
    ['legacy keys do not count', { ed50Temperatures: [33, 40] }, 0],
    ['hide flagged values (decision 0013)', { hideFlagged: true }, 1],
    ['hideFlagged false', { hideFlagged: false }, 0],
    [
      'everything',
      {
        species: 'S',
        project: 'P',
        years: [2022],
        absThermalTolerance: [33, 40],
        absBreakpointTemperature: [31, 37],
        absThermalLimit: [36, 44],
        relThermalTolerance: [4, 5],
      },
      6,
    ],
    [
      'everything with hide flagged values',
      {
        species: 'S',
        project: 'P',
        years: [2022],
        hideFlagged: true,
        absThermalTolerance: [33, 40],
        absBreakpointTemperature: [31, 37],
        absThermalLimit: [36, 44],
      },
      7,
    ],
  ])('%s → %i', (_, filters, count) => {
    expect(countActiveFilters(filters, defaults)).toBe(count);
  });
});

describe('hasActiveAdvancedRange and activeRangeKeys', () => {
  it.each<[FilterSet, boolean]>([
    [{}, false],
    [{ absThermalTolerance: [33, 40] }, false],
    [{ relThermalTolerance: [4, 5] }, true],
    [{ relThermalTolerance: [3.5, 12.5] }, false],
    [{ ed5: [31, 37] }, true],
    [{ ed95Mmm: [7, 8] }, true],
    [{ thermalToleranceTemperatures: [4, 5] }, true],
    [{ species: 'S' }, false],
  ])('%j → %s', (filters, expected) => {
    expect(hasActiveAdvancedRange(filters, defaults)).toBe(expected);
  });

  it('lists the active ranges in canonical order', () => {
    expect(
      activeRangeKeys(
        {
          absThermalLimit: [36, 44],
          relThermalTolerance: [4, 5],
          absThermalTolerance: [32.11, 44.06],
        },
        defaults,
      ),
    ).toEqual(['relThermalTolerance', 'absThermalLimit']);
  });
});

describe('clampRangesToBounds (decision 0056)', () => {
  it('narrows a range reaching beyond the data to its bounds, naming what changed', () => {
    const result = clampRangesToBounds(
      { species: 'Porites lobata', absThermalTolerance: [30, 40], relThermalTolerance: [4, 5] },
      defaults,
    );
    expect(result).toEqual({
      filters: {
        species: 'Porites lobata',
        absThermalTolerance: [32.11, 40],
        relThermalTolerance: [4, 5],
      },
      clamped: ['absThermalTolerance'],
    });
  });

  it('a range wholly beyond the data narrows to the bound it lies past; one within is kept', () => {
    expect(clampRangesToBounds({ absThermalTolerance: [45, 50] }, defaults)).toEqual({
      filters: { absThermalTolerance: [44.06, 44.06] },
      clamped: ['absThermalTolerance'],
    });
    expect(clampRangesToBounds({ absThermalTolerance: [10, 20] }, defaults).filters).toEqual({
      absThermalTolerance: [32.11, 32.11],
    });
    expect(clampRangesToBounds({ absThermalTolerance: [33, 40] }, defaults).clamped).toEqual([]);
  });
});
