import { z } from 'zod';

const ZQualityFlags = z.array(z.string()).meta({
  description: 'Data-quality flag codes; see docs/decisions/0002-threshold-quality-flags.md',
});

const common = {
  id: z.number().int(),
  sst_clim_mmm: z
    .number()
    .nullable()
    .meta({ description: 'NOAA CRW maximum monthly mean SST (°C)' }),
  condition: z.string().nullable(),
  timepoint: z.string().nullable(),
  quality_flags: ZQualityFlags,
};
const celsius = z.number().nullable();

export const ZThermalToleranceEntry = z
  .object({
    ...common,
    abs_thermal_tolerance: celsius,
    rel_thermal_tolerance: celsius,
    ed50: celsius,
    ed50_mmm: celsius,
  })
  .meta({ id: 'ThermalToleranceEntry', description: 'ED50; ed50 = abs_, ed50_mmm = rel_' });

export const ZBreakpointTemperatureEntry = z
  .object({
    ...common,
    abs_breakpoint_temperature: celsius,
    rel_breakpoint_temperature: celsius,
    ed5: celsius,
    ed5_mmm: celsius,
  })
  .meta({ id: 'BreakpointTemperatureEntry', description: 'ED5; ed5 = abs_, ed5_mmm = rel_' });

export const ZThermalLimitEntry = z
  .object({
    ...common,
    abs_thermal_limit: celsius,
    rel_thermal_limit: celsius,
    ed95: celsius,
    ed95_mmm: celsius,
  })
  .meta({ id: 'ThermalLimitEntry', description: 'ED95; ed95 = abs_, ed95_mmm = rel_' });

export type TThermalToleranceEntry = z.infer<typeof ZThermalToleranceEntry>;
export type TBreakpointTemperatureEntry = z.infer<typeof ZBreakpointTemperatureEntry>;
export type TThermalLimitEntry = z.infer<typeof ZThermalLimitEntry>;

export const ZThresholdLists = z.object({
  thermal_tolerances: z.array(ZThermalToleranceEntry),
  breakpoint_temperatures: z.array(ZBreakpointTemperatureEntry),
  thermal_limits: z.array(ZThermalLimitEntry),
});
export type TThresholdLists = z.infer<typeof ZThresholdLists>;

const nullableNumber = z.number().nullable();

export const ZThermalToleranceMaxMin = z
  .object({
    min_abs_thermal_tolerance: nullableNumber,
    max_abs_thermal_tolerance: nullableNumber,
    min_rel_thermal_tolerance: nullableNumber,
    max_rel_thermal_tolerance: nullableNumber,
    min_ed50: nullableNumber,
    max_ed50: nullableNumber,
    min_ed50_mmm: nullableNumber,
    max_ed50_mmm: nullableNumber,
  })
  .meta({ id: 'ThermalToleranceMaxMin' });

export const ZBreakpointTemperatureMaxMin = z
  .object({
    min_abs_breakpoint_temperature: nullableNumber,
    max_abs_breakpoint_temperature: nullableNumber,
    min_rel_breakpoint_temperature: nullableNumber,
    max_rel_breakpoint_temperature: nullableNumber,
    min_ed5: nullableNumber,
    max_ed5: nullableNumber,
    min_ed5_mmm: nullableNumber,
    max_ed5_mmm: nullableNumber,
  })
  .meta({ id: 'BreakpointTemperatureMaxMin' });

export const ZThermalLimitMaxMin = z
  .object({
    min_abs_thermal_limit: nullableNumber,
    max_abs_thermal_limit: nullableNumber,
    min_rel_thermal_limit: nullableNumber,
    max_rel_thermal_limit: nullableNumber,
    min_ed95: nullableNumber,
    max_ed95: nullableNumber,
    min_ed95_mmm: nullableNumber,
    max_ed95_mmm: nullableNumber,
  })
  .meta({ id: 'ThermalLimitMaxMin' });

export type TThermalToleranceMaxMin = z.infer<typeof ZThermalToleranceMaxMin>;
export type TBreakpointTemperatureMaxMin = z.infer<typeof ZBreakpointTemperatureMaxMin>;
export type TThermalLimitMaxMin = z.infer<typeof ZThermalLimitMaxMin>;
