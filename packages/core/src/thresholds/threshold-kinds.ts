/**
 * The three thermal thresholds of a CBASS assay. Everything that differs between them (table,
 * API keys, filter keys, labels) is described once here, so that code handling thresholds is
 * written once and parameterised by kind.
 */
export const THRESHOLD_KINDS = ['ed50', 'ed5', 'ed95'] as const;
export type ThresholdKind = (typeof THRESHOLD_KINDS)[number];

export interface ThresholdKindInfo {
  kind: ThresholdKind;
  /** "ED50" */
  edLabel: string;
  /** "Thermal Tolerance" */
  label: string;
  /** Key of the list on a colony in the API: "thermal_tolerances". */
  listKey: 'thermal_tolerances' | 'breakpoint_temperatures' | 'thermal_limits';
  /** Database table holding this kind. */
  table: 'thermal_tolerances' | 'breakpoint_temperatures' | 'thermal_limits';
  /** Link table to the observations the value was fitted from. */
  observationLinkTable:
    | 'thermal_tolerance_observations'
    | 'breakpoint_temperature_observations'
    | 'thermal_limit_observations';
  /** Path segment of the max-min endpoint: /api/public/{maxMinPath}/max-min/ */
  maxMinPath: 'thermal-tolerances' | 'breakpoint-temperatures' | 'thermal-limits';
  /** API keys of an entry: absolute value, relative value and their ed aliases. */
  absKey: 'abs_thermal_tolerance' | 'abs_breakpoint_temperature' | 'abs_thermal_limit';
  relKey: 'rel_thermal_tolerance' | 'rel_breakpoint_temperature' | 'rel_thermal_limit';
  edKey: 'ed50' | 'ed5' | 'ed95';
  edMmmKey: 'ed50_mmm' | 'ed5_mmm' | 'ed95_mmm';
  /** Keys of the filter set's ranges (spec §3 "Filter set"). */
  filterKeys: {
    abs: 'absThermalTolerance' | 'absBreakpointTemperature' | 'absThermalLimit';
    rel: 'relThermalTolerance' | 'relBreakpointTemperature' | 'relThermalLimit';
    ed: 'ed50' | 'ed5' | 'ed95';
    edMmm: 'ed50Mmm' | 'ed5Mmm' | 'ed95Mmm';
  };
  /** Short label in default group names: "TT". */
  groupNameAbbreviation: 'TT' | 'BT' | 'TL';
}

export const THRESHOLD_KIND_INFO: Readonly<Record<ThresholdKind, ThresholdKindInfo>> = {
  ed50: {
    kind: 'ed50',
    edLabel: 'ED50',
    label: 'Thermal Tolerance',
    listKey: 'thermal_tolerances',
    table: 'thermal_tolerances',
    observationLinkTable: 'thermal_tolerance_observations',
    maxMinPath: 'thermal-tolerances',
    absKey: 'abs_thermal_tolerance',
    relKey: 'rel_thermal_tolerance',
    edKey: 'ed50',
    edMmmKey: 'ed50_mmm',
    filterKeys: {
      abs: 'absThermalTolerance',
      rel: 'relThermalTolerance',
      ed: 'ed50',
      edMmm: 'ed50Mmm',
    },
    groupNameAbbreviation: 'TT',
  },
  ed5: {
    kind: 'ed5',
    edLabel: 'ED5',
    label: 'Breakpoint Temperature',
    listKey: 'breakpoint_temperatures',
    table: 'breakpoint_temperatures',
    observationLinkTable: 'breakpoint_temperature_observations',
    maxMinPath: 'breakpoint-temperatures',
    absKey: 'abs_breakpoint_temperature',
    relKey: 'rel_breakpoint_temperature',
    edKey: 'ed5',
    edMmmKey: 'ed5_mmm',
    filterKeys: {
      abs: 'absBreakpointTemperature',
      rel: 'relBreakpointTemperature',
      ed: 'ed5',
      edMmm: 'ed5Mmm',
    },
    groupNameAbbreviation: 'BT',
  },
  ed95: {
    kind: 'ed95',
    edLabel: 'ED95',
    label: 'Thermal Limit',
    listKey: 'thermal_limits',
    table: 'thermal_limits',
    observationLinkTable: 'thermal_limit_observations',
    maxMinPath: 'thermal-limits',
    absKey: 'abs_thermal_limit',
    relKey: 'rel_thermal_limit',
    edKey: 'ed95',
    edMmmKey: 'ed95_mmm',
    filterKeys: {
      abs: 'absThermalLimit',
      rel: 'relThermalLimit',
      ed: 'ed95',
      edMmm: 'ed95Mmm',
    },
    groupNameAbbreviation: 'TL',
  },
};

export const thresholdKindInfos: readonly ThresholdKindInfo[] = THRESHOLD_KINDS.map(
  (kind) => THRESHOLD_KIND_INFO[kind],
);
