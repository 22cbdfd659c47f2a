import { THRESHOLD_KINDS, type TThresholdLists, type ThresholdKind } from '@coral/core';
import type { AppDb } from '../../db/database';
import { groupThresholdsByColony } from './threshold.presenter';
import { thresholdsRepository, type ThresholdRow } from './thresholds.repository';

/** Three queries whatever the number of colonies: one per threshold kind. */
export async function loadThresholdLists(
  db: AppDb,
  colonyIds?: readonly number[],
): Promise<Map<number, TThresholdLists>> {
  const rows = await Promise.all(
    THRESHOLD_KINDS.map((kind) => thresholdsRepository.listByColonies(db, kind, colonyIds)),
  );
  const rowsByKind = Object.fromEntries(
    THRESHOLD_KINDS.map((kind, i) => [kind, rows[i]]),
  ) as Record<ThresholdKind, ThresholdRow[]>;
  return groupThresholdsByColony(rowsByKind);
}
