import { describe, expect, it } from 'vitest';
import { QUALITY_FLAGS } from '../thresholds/quality-flags';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { compileColonyFilter, compileColonyView, filterColonies } from './filter-engine';
import { ALL_RANGE_KEYS, RANGE_SPEC_BY_KEY, type AnyRangeKey, type FilterSet } from './filter-set';
import { colony, TEST_DEFAULTS as defaults } from '../../test/test-colonies';
import { seededRandom as random } from '../../test/random-filter-sets';

const passes = (filters: FilterSet, c = colony()) => compileColonyFilter(filters, defaults)(c);

/** A range strictly inside the key's default, so that it is active. */
function narrowed(key: AnyRangeKey): [number, number] {
  const { min, max } = defaults[RANGE_SPEC_BY_KEY[key].defaultKey];
  return [min + 1, max - 1];
}

// decision 0013: "Hide flagged values"
describe('hideFlagged', () => {
  const { implausibleAbsolute, relativeMismatch, missingMmm, inconsistentOrder } = QUALITY_FLAGS;
  const ed50List = THRESHOLD_KIND_INFO.ed50.listKey;
  const clean = colony({ ed50: [{ abs: 37, rel: 9 }] });
  const failedOnly = colony({
    ed50: [{ abs: 2365.11, rel: 2336.66, flags: [implausibleAbsolute] }],
    ed5: [{ abs: 1.23, flags: [implausibleAbsolute] }],
  });
  const mixed = colony({
    ed50: [
      { abs: 2365.11, rel: 2336.66, flags: [implausibleAbsolute] },
      { abs: 37, rel: 9, flags: [missingMmm] },
    ],
  });
  const noThresholds = colony();
  const mismatchOnly = colony({ ed95: [{ abs: 39, rel: 2, flags: [relativeMismatch] }] });
  const orderOnly = colony({ ed50: [{ abs: 37, flags: [inconsistentOrder] }] });

  it.each<[string, ReturnType<typeof colony>, boolean]>([
    ['a colony without flags stays', clean, true],
    ['a colony whose every entry failed is hidden', failedOnly, false],
    ['a colony with one trustworthy entry stays', mixed, true],
    ['a colony that never had a threshold stays', noThresholds, true],
    ['a relative mismatch hides its entry', mismatchOnly, false],
    ['missing_mmm and inconsistent_order do not hide', orderOnly, true],
  ])('%s', (_, c, expected) => {
    expect(passes({ hideFlagged: true }, c)).toBe(expected);
    // Without the option every one of them shows.
    expect(passes({}, c)).toBe(true);
    expect(passes({ hideFlagged: false }, c)).toBe(true);
  });

  it('removes flagged entries before the range checks', () => {
    // The only value inside the range is a flagged one: it must not make the colony pass.
    const c = colony({
      ed50: [
        { abs: 40, rel: 11, flags: [relativeMismatch] },
        { abs: 34, rel: 5 },
      ],
    });
    expect(passes({ absThermalTolerance: [39, 41] }, c)).toBe(true);
    expect(passes({ absThermalTolerance: [39, 41], hideFlagged: true }, c)).toBe(false);
    expect(passes({ absThermalTolerance: [33, 35], hideFlagged: true }, c)).toBe(true);
    // Its relative value goes with it.
    expect(passes({ relThermalTolerance: [10.5, 11.5], hideFlagged: true }, c)).toBe(false);
  });

  it('applies the other filters too', () => {
    expect(passes({ hideFlagged: true, species: 'Other' }, clean)).toBe(false);
  });

  it('shows stripped copies, and leaves the input alone', () => {
    const before = structuredClone(mixed);
    const shown = compileColonyView({ hideFlagged: true }, defaults)(mixed)!;
    expect(mixed).toEqual(before);
    expect(shown[ed50List].map((e) => e.abs_thermal_tolerance)).toEqual([37]);
    expect(compileColonyView({ hideFlagged: true }, defaults)(clean)).toBe(clean);
    // Without the option the colony is shown as it is, flagged entries included.
    expect(compileColonyView({ species: 'Porites lobata' }, defaults)(mixed)).toBe(mixed);
  });

  it('filterColonies returns the stripped copies, in order', () => {
    const colonies = [clean, failedOnly, mixed, noThresholds, mismatchOnly, orderOnly];
    const result = filterColonies(colonies, { hideFlagged: true }, defaults);
    expect(result).toEqual([
      clean,
      { ...mixed, [ed50List]: [mixed[ed50List][1]] },
      noThresholds,
      orderOnly,
    ]);
    for (const shown of result) {
      for (const kind of THRESHOLD_KINDS) {
        const entries = shown[THRESHOLD_KIND_INFO[kind].listKey];
        expect(entries.every((e) => !e.quality_flags.includes(implausibleAbsolute))).toBe(true);
      }
    }
  });
});

/**
 * The server answers `filterColonies`; the map tests each colony with `compileColonyFilter` and
 * shows it with `compileColonyView`. All three must agree, flags or none.
 */
describe('the list (server) and the predicate (map) agree', () => {
  it('on 300 random colonies × 200 random filter sets (seeded PRNG)', () => {
    const next = random(20261124);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const flagChoices = [[], [], [], ...Object.values(QUALITY_FLAGS).map((flag) => [flag])];
    const colonies = Array.from({ length: 300 }, () =>
      colony({
        species: pick(['A', 'B']),
        ...Object.fromEntries(
          THRESHOLD_KINDS.map((kind) => [
            kind,
            Array.from({ length: Math.floor(next() * 3) }, () => ({
              abs: next() < 0.1 ? null : 28 + next() * 18,
              rel: next() < 0.1 ? null : next() * 14,
              flags: pick(flagChoices),
            })),
          ]),
        ),
      }),
    );
    let hiddenByFlags = 0;
    for (let i = 0; i < 200; i++) {
      const filters: Record<string, unknown> = { hideFlagged: next() < 0.6 };
      if (next() < 0.3) filters.species = pick(['A', 'B']);
      const key = pick(ALL_RANGE_KEYS);
      if (next() < 0.5) filters[key] = narrowed(key);
      const list = filterColonies(colonies, filters, defaults);
      const predicate = compileColonyFilter(filters, defaults);
      const view = compileColonyView(filters, defaults);
      const expected = colonies.filter(predicate);
      expect(list.length, JSON.stringify(filters)).toBe(expected.length);
      expect(list).toEqual(expected.map((c) => view(c)));
      if (filters.hideFlagged) {
        const without = filterColonies(colonies, { ...filters, hideFlagged: false }, defaults);
        expect(list.length).toBeLessThanOrEqual(without.length);
        if (list.length < without.length) hiddenByFlags++;
      }
    }
    expect(hiddenByFlags).toBeGreaterThan(20);
  });
});
