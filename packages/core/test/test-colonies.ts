import { thresholdEntry } from '../src/contract/thresholds';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
  type ThresholdListKey,
} from '../src/thresholds/threshold-kinds';
import type { FilterableColony } from '../src/filters/filter-engine';
import { defaultRangesFromMaxMin, type DefaultRanges } from '../src/filters/default-ranges';

/** Colonies for the filter tests: only what the engine reads matters. */
export interface Values {
  abs?: number | null;
  rel?: number | null;
  /** Quality flags of the entry (none unless given). */
  flags?: string[];
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
      ({ abs = null, rel = null, flags = [] }, id) =>
        thresholdEntry(kind, {
          id,
          abs,
          rel,
          sst_clim_mmm: null,
          condition: 'Control',
          timepoint: '420',
          quality_flags: flags,
        }),
    );
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (!Object.hasOwn(THRESHOLD_KIND_INFO, key)) built[key] = value;
  }
  return built as FilterableColony;
}

/** Dataset defaults like the seed's: ED50 32.11–44.06, relative 3.5–12.5, ED5 / ED95 apart. */
export const TEST_DEFAULTS: DefaultRanges = defaultRangesFromMaxMin({
  ed50: {
    min_abs_thermal_tolerance: 32.11,
    max_abs_thermal_tolerance: 44.06,
    min_rel_thermal_tolerance: 3.5,
    max_rel_thermal_tolerance: 12.5,
    min_ed50: 32.11,
    max_ed50: 44.06,
    min_ed50_mmm: 3.5,
    max_ed50_mmm: 12.5,
  },
  ed5: {
    min_abs_breakpoint_temperature: 30,
    max_abs_breakpoint_temperature: 38,
    min_rel_breakpoint_temperature: 1,
    max_rel_breakpoint_temperature: 9,
    min_ed5: 30,
    max_ed5: 38,
    min_ed5_mmm: 1,
    max_ed5_mmm: 9,
  },
  ed95: {
    min_abs_thermal_limit: 35,
    max_abs_thermal_limit: 45,
    min_rel_thermal_limit: 6,
    max_rel_thermal_limit: 15,
    min_ed95: 35,
    max_ed95: 45,
    min_ed95_mmm: 6,
    max_ed95_mmm: 15,
  },
});
