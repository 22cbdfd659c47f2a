import {
  THRESHOLD_KIND_INFO,
  type TThresholdLists,
  type ThresholdKind,
  thresholdKindInfos,
} from '@coral/core';
import type { ThresholdRow } from './thresholds.repository';

type Entry<K extends ThresholdKind> =
  TThresholdLists[(typeof THRESHOLD_KIND_INFO)[K]['listKey']][number];

/** A stored threshold as the API shows it: the kind's own keys plus their ed aliases. */
export function toThresholdEntry<K extends ThresholdKind>(kind: K, row: ThresholdRow): Entry<K> {
  const info = THRESHOLD_KIND_INFO[kind];
  return {
    id: row.id,
    [info.absKey]: row.abs_value,
    [info.relKey]: row.rel_value,
    [info.edKey]: row.abs_value,
    [info.edMmmKey]: row.rel_value,
    sst_clim_mmm: row.sst_clim_mmm,
    condition: row.condition,
    timepoint: row.timepoint,
    quality_flags: row.quality_flags,
  } as Entry<K>;
}

/** Groups rows of every kind by colony id into the three API lists. */
export function groupThresholdsByColony(
  rowsByKind: Record<ThresholdKind, ThresholdRow[]>,
): Map<number, TThresholdLists> {
  const byColony = new Map<number, TThresholdLists>();
  for (const { kind, listKey } of thresholdKindInfos) {
    for (const row of rowsByKind[kind]) {
      let lists = byColony.get(row.colony_id);
      if (!lists) {
        lists = { thermal_tolerances: [], breakpoint_temperatures: [], thermal_limits: [] };
        byColony.set(row.colony_id, lists);
      }
      (lists[listKey] as unknown[]).push(toThresholdEntry(kind, row));
    }
  }
  return byColony;
}

export const emptyThresholdLists = (): TThresholdLists => ({
  thermal_tolerances: [],
  breakpoint_temperatures: [],
  thermal_limits: [],
});
