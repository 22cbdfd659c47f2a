import type { FilterableColony } from './filter-engine';

/** Colonies for the filter tests: only what the engine reads matters. */
export interface Values {
  abs?: number | null;
  rel?: number | null;
}

const common = (id: number) => ({
  id,
  sst_clim_mmm: null,
  condition: 'Control',
  timepoint: '420',
  quality_flags: [],
});

type ColonyOverrides = Partial<
  Omit<FilterableColony, 'thermal_tolerances' | 'breakpoint_temperatures' | 'thermal_limits'>
> & { ed50?: Values[]; ed5?: Values[]; ed95?: Values[] };

export function colony(overrides: ColonyOverrides = {}): FilterableColony {
  const { ed50 = [], ed5 = [], ed95 = [], ...rest } = overrides;
  return {
    species: 'Porites lobata',
    projects: ['GlobalSearch_GBR'],
    collection_years: [2022],
    thermal_tolerances: ed50.map(({ abs = null, rel = null }, i) => ({
      ...common(i),
      abs_thermal_tolerance: abs,
      rel_thermal_tolerance: rel,
      ed50: abs,
      ed50_mmm: rel,
    })),
    breakpoint_temperatures: ed5.map(({ abs = null, rel = null }, i) => ({
      ...common(i),
      abs_breakpoint_temperature: abs,
      rel_breakpoint_temperature: rel,
      ed5: abs,
      ed5_mmm: rel,
    })),
    thermal_limits: ed95.map(({ abs = null, rel = null }, i) => ({
      ...common(i),
      abs_thermal_limit: abs,
      rel_thermal_limit: rel,
      ed95: abs,
      ed95_mmm: rel,
    })),
    ...rest,
  };
}
