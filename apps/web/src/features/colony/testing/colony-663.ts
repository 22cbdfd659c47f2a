import type { TColonyPage, TEdProvenance } from '@coral/core';

/** The seed's values were computed by their submitters (decision 0032). */
const AS_SUBMITTED: TEdProvenance = {
  method: 'submitted',
  model: null,
  fit: null,
  bounds: null,
  software: null,
  label: 'As submitted',
};

/**
 * GET /api/public/colonies/663/ on the seed database (a real answer): its Winter thresholds are
 * flagged implausible (the dataset's own fit failed), its Summer ones are not.
 */
export const COLONY_663: TColonyPage = {
  id: 663,
  name: 'Vatu-o-lalai_Porites_cylindrica_6',
  species: 'Porites cylindrica',
  verbatim_species: 'Porites cylindrica',
  country: 'FJI',
  latitude: -18.20583554,
  longitude: 177.6889888,
  thermal_tolerances: [
    {
      id: 1152,
      sst_clim_mmm: 28.45,
      condition: 'Winter',
      timepoint: '420',
      quality_flags: ['implausible_absolute'],
      provenance: AS_SUBMITTED,
      abs_thermal_tolerance: 58.59,
      rel_thermal_tolerance: 30.14,
      ed50: 58.59,
      ed50_mmm: 30.14,
    },
    {
      id: 1162,
      sst_clim_mmm: 28.45,
      condition: 'Summer',
      timepoint: '420',
      quality_flags: [],
      provenance: AS_SUBMITTED,
      abs_thermal_tolerance: 37.72,
      rel_thermal_tolerance: 9.27,
      ed50: 37.72,
      ed50_mmm: 9.27,
    },
  ],
  breakpoint_temperatures: [
    {
      id: 1096,
      sst_clim_mmm: 28.45,
      condition: 'Winter',
      timepoint: '420',
      quality_flags: ['implausible_absolute'],
      provenance: AS_SUBMITTED,
      abs_breakpoint_temperature: 53.93,
      rel_breakpoint_temperature: 25.48,
      ed5: 53.93,
      ed5_mmm: 25.48,
    },
    {
      id: 1106,
      sst_clim_mmm: 28.45,
      condition: 'Summer',
      timepoint: '420',
      quality_flags: [],
      provenance: AS_SUBMITTED,
      abs_breakpoint_temperature: 36.59,
      rel_breakpoint_temperature: 8.14,
      ed5: 36.59,
      ed5_mmm: 8.14,
    },
  ],
  thermal_limits: [
    {
      id: 1096,
      sst_clim_mmm: 28.45,
      condition: 'Winter',
      timepoint: '420',
      quality_flags: ['implausible_absolute'],
      provenance: AS_SUBMITTED,
      abs_thermal_limit: 63.64,
      rel_thermal_limit: 35.19,
      ed95: 63.64,
      ed95_mmm: 35.19,
    },
    {
      id: 1106,
      sst_clim_mmm: 28.45,
      condition: 'Summer',
      timepoint: '420',
      quality_flags: [],
      provenance: AS_SUBMITTED,
      abs_thermal_limit: 38.88,
      rel_thermal_limit: 10.43,
      ed95: 38.88,
      ed95_mmm: 10.43,
    },
  ],
  observations: [
    {
      id: 7850,
      biosample: {
        id: 4477,
        name: '20221129_FJ_Vatu-o-lalai_Porites_cylindrica_6_28_420',
      },
      condition: 'Summer',
      timepoint: '420',
      temperature: 28,
      pam_value: 0.615,
    },
    {
      id: 7860,
      biosample: {
        id: 4487,
        name: '20221129_FJ_Vatu-o-lalai_Porites_cylindrica_6_34_420',
      },
      condition: 'Summer',
      timepoint: '420',
      temperature: 34,
      pam_value: 0.617,
    },
    {
      id: 7870,
      biosample: {
        id: 4497,
        name: '20221129_FJ_Vatu-o-lalai_Porites_cylindrica_6_37_420',
      },
      condition: 'Summer',
      timepoint: '420',
      temperature: 37,
      pam_value: 0.533,
    },
    {
      id: 7880,
      biosample: {
        id: 4507,
        name: '20221129_FJ_Vatu-o-lalai_Porites_cylindrica_6_39_420',
      },
      condition: 'Summer',
      timepoint: '420',
      temperature: 39,
      pam_value: 0.023,
    },
    {
      id: 7810,
      biosample: {
        id: 4437,
        name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_6_28_420',
      },
      condition: 'Winter',
      timepoint: '420',
      temperature: 28,
      pam_value: 0.607,
    },
    {
      id: 7820,
      biosample: {
        id: 4447,
        name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_6_34_420',
      },
      condition: 'Winter',
      timepoint: '420',
      temperature: 34,
      pam_value: 0.607,
    },
    {
      id: 7830,
      biosample: {
        id: 4457,
        name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_6_37_420',
      },
      condition: 'Winter',
      timepoint: '420',
      temperature: 37,
      pam_value: 0.482,
    },
    {
      id: 7840,
      biosample: {
        id: 4467,
        name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_6_39_420',
      },
      condition: 'Winter',
      timepoint: '420',
      temperature: 39,
      pam_value: 0.281,
    },
  ],
  projects: [
    {
      id: 61,
      name: '2022_FJI_Viti_Levu_ElisaJahreis',
    },
  ],
  dataset: {
    id: 1,
    version: 1,
    title: '2022_FJI_Viti_Levu_ElisaJahreis',
    licence: null,
    citation: {
      text: 'betyaevilya. (2025). 2022_FJI_Viti_Levu_ElisaJahreis (Version 1) [Data set]. Coral Thermal Tolerance. http://localhost:8000/datasets/1/versions/1',
      url: 'http://localhost:8000/datasets/1/versions/1',
    },
  },
};
