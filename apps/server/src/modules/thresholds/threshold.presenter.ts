import {
  emptyThresholdLists,
  thresholdEntry,
  thresholdKindInfos,
  type TThresholdEntry,
  type TThresholdLists,
  type ThresholdKind,
} from '@coral/core';
import type { ThresholdRow } from './thresholds.repository';

/** A stored threshold as the API shows it. */
export function toThresholdEntry<K extends ThresholdKind>(
  kind: K,
  row: ThresholdRow,
): TThresholdEntry<K> {
  return thresholdEntry(kind, {
    id: row.id,
    abs: row.abs_value,
    rel: row.rel_value,
    sst_clim_mmm: row.sst_clim_mmm,
    condition: row.condition,
    timepoint: row.timepoint,
    quality_flags: row.quality_flags,
  });
}

/** Groups rows of every kind by colony id into the API's per-kind lists. */
export function groupThresholdsByColony(
  rowsByKind: Record<ThresholdKind, ThresholdRow[]>,
): Map<number, TThresholdLists> {
  const byColony = new Map<number, TThresholdLists>();
  for (const { kind, listKey } of thresholdKindInfos) {
    for (const row of rowsByKind[kind]) {
      let lists = byColony.get(row.colony_id);
      if (!lists) {
        lists = emptyThresholdLists();
        byColony.set(row.colony_id, lists);
      }
      (lists[listKey] as unknown[]).push(toThresholdEntry(kind, row));
    }
  }
  return byColony;
}
