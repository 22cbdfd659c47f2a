import { describe, expect, it } from 'vitest';
import { buildColony } from '../testing/colonies';
import { hasShownTimepoint, popupLists } from './colony-entries';

describe('hasShownTimepoint (product-spec §2)', () => {
  it.each<[string | null | undefined, boolean]>([
    ['420', true],
    ['0', true],
    ['T1', true],
    [null, false],
    [undefined, false],
    ['', false],
    ['  ', false],
    ['N/A', false],
    ['n/a', false],
    ['null', false],
    ['NULL', false],
    [' null ', false],
  ])('%j → %s', (timepoint, shown) => {
    expect(hasShownTimepoint(timepoint)).toBe(shown);
  });
});

describe('popupLists', () => {
  it('gives the three lists in order with their titles', () => {
    const lists = popupLists(buildColony());
    expect(lists.map((l) => l.title)).toEqual([
      'Thermal Tolerances (ED50)',
      'Breakpoint Temperatures (ED5)',
      'Thermal Limits (ED95)',
    ]);
    expect(lists[0]!.entries.map((e) => e.absolute)).toEqual([37.57, 37.75]);
    expect(lists[2]!.entries[0]).toMatchObject({ absolute: 39.38, relative: 10.93, mmm: 28.45 });
  });

  it('hides entries without a real timepoint and splits the flags by value', () => {
    const base = buildColony().thermal_tolerances[0]!;
    const colony = buildColony({
      thermal_tolerances: [
        { ...base, id: 1, timepoint: null },
        { ...base, id: 2, timepoint: 'N/A' },
        { ...base, id: 3, timepoint: 'null' },
        {
          ...base,
          id: 4,
          timepoint: '420',
          quality_flags: ['implausible_absolute', 'relative_mismatch', 'missing_mmm'],
        },
      ],
    });
    const [ed50] = popupLists(colony);
    expect(ed50!.entries.map((e) => e.id)).toEqual([4]);
    expect(ed50!.entries[0]).toMatchObject({
      absoluteFlags: ['implausible_absolute'],
      relativeFlags: ['relative_mismatch'],
    });
  });
});
