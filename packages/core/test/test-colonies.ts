import { thresholdEntry } from '../src/contract/thresholds';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
  type ThresholdListKey,
} from '../src/thresholds/threshold-kinds';
import type { FilterableColony } from '../src/filters/filter-engine';

/** Colonies for the filter tests: only what the engine reads matters. */
export interface Values {
  abs?: number | null;
  rel?: number | null;
}

type ColonyOverrides = Partial<Omit<FilterableColony, ThresholdListKey>> &
  Partial<Record<ThresholdKind, Values[]>>;

export function colony(overrides: ColonyOverrides = {}): FilterableColony {
  const built: Record<string, unknown> = {
    species: 'Porites lobata',
    projects: ['GlobalSearch_GBR'],
    collection_years: [2022],
  };
  for (const kind of THRESHOLD_KINDS) {
    built[THRESHOLD_KIND_INFO[kind].listKey] = (overrides[kind] ?? []).map(
      ({ abs = null, rel = null }, id) =>
        thresholdEntry(kind, {
          id,
          abs,
          rel,
          sst_clim_mmm: null,
          condition: 'Control',
          timepoint: '420',
          quality_flags: [],
        }),
    );
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (!Object.hasOwn(THRESHOLD_KIND_INFO, key)) built[key] = value;
  }
  return built as FilterableColony;
}
