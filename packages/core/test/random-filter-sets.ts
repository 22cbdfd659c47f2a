import type { TColony } from '../src/contract/colonies';
import type { DefaultRanges } from '../src/filters/default-ranges';
import { ALL_RANGE_KEYS, RANGE_SPEC_BY_KEY, type FilterSet } from '../src/filters/filter-set';

/** mulberry32: a seeded PRNG, so a failure can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Filter sets of every sort over these colonies, for the agreement tests of the server's filters
 * (SQL, the columnar map model) with the browser's engine: values from the data, defaults,
 * infinities, empty results.
 */
export function randomFilterSet(
  next: () => number,
  colonies: readonly TColony[],
  defaults: DefaultRanges,
): FilterSet {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const species = [...new Set(colonies.map((c) => c.species))];
  const projects = [...new Set(colonies.flatMap((c) => c.projects))];
  const filters: Record<string, unknown> = {};
  if (next() < 0.3) filters.species = pick(species);
  if (next() < 0.3) filters.project = pick(projects);
  if (next() < 0.2) filters.years = [pick([2022, 2222, 2021])];
  if (next() < 0.3) filters.hideFlagged = true;
  const rangeCount = Math.floor(next() * 4);
  for (let i = 0; i < rangeCount; i++) {
    const key = pick(ALL_RANGE_KEYS);
    const { min, max } = defaults[RANGE_SPEC_BY_KEY[key].defaultKey];
    const style = next();
    if (style < 0.15) filters[key] = [min, max];
    else if (style < 0.25) filters[key] = [-Infinity, max - next() * 3];
    else {
      const span = (max - min) * 1.4;
      const a = Math.round((min - span * 0.2 + next() * span) * 100) / 100;
      const b = Math.round((a + next() * span * 0.6) * 100) / 100;
      filters[key] = [a, b];
    }
  }
  return filters;
}
