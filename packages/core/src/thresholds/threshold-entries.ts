import {
  THRESHOLD_KIND_INFO,
  type ThresholdKind,
  type ThresholdListKey,
  type ThresholdValueKey,
} from './threshold-kinds';

/** What every threshold entry has, whatever its kind (API colonies, projects and cart alike). */
export interface ThresholdEntryBase {
  id: number;
  condition: string | null;
  timepoint: string | null;
  sst_clim_mmm: number | null;
  quality_flags: readonly string[];
}

/**
 * An entry of kind K under its own value keys (`abs_thermal_tolerance`, `rel_thermal_tolerance`,
 * `ed50`, `ed50_mmm`), as the API's colonies (contract/thresholds.ts) give it.
 */
export type ThresholdEntryOfKind<K extends ThresholdKind = ThresholdKind> = ThresholdEntryBase & {
  readonly [V in ThresholdValueKey<K>]: number | null;
};

/** Every kind's list under its API list key, as a colony holds them. */
export type ThresholdListsOfKinds = {
  readonly [K in ThresholdKind as ThresholdListKey<K>]: readonly ThresholdEntryOfKind<K>[];
};

/** A threshold entry with its kind-specific keys read: `abs` and `rel` instead of `abs_<noun>`. */
export interface ThresholdEntryValues extends ThresholdEntryBase {
  abs: number | null;
  rel: number | null;
}

/** Anything holding per-kind lists under the API's list keys (a colony, a cart colony). */
export type WithThresholdLists = {
  readonly [L in ThresholdListKey]?: readonly ThresholdEntryBase[];
};

/**
 * A colony's entries of one kind, with the kind's own value keys read into `abs` and `rel`, so
 * that screens and exports handle every kind with one piece of code.
 */
export function entriesOfKind(
  colony: WithThresholdLists,
  kind: ThresholdKind,
): ThresholdEntryValues[] {
  const { listKey, absKey, relKey } = THRESHOLD_KIND_INFO[kind];
  return (colony[listKey] ?? []).map((entry) => {
    const values = entry as ThresholdEntryBase & Record<string, unknown>;
    return {
      id: entry.id,
      condition: entry.condition,
      timepoint: entry.timepoint,
      sst_clim_mmm: entry.sst_clim_mmm,
      quality_flags: entry.quality_flags,
      abs: (values[absKey] as number | null | undefined) ?? null,
      rel: (values[relKey] as number | null | undefined) ?? null,
    };
  });
}
