import {
  maxMinAnswerFromBounds,
  perThresholdKind,
  THRESHOLD_KINDS,
  type TThresholdLists,
  type TThresholdMaxMin,
  type ThresholdKind,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import type { ColonyScope } from '../../db/visibility';
import { VersionedCache } from '../../lib/versioned-cache';
import { currentDataVersion } from '../read-models/read-models.service';
import { groupThresholdsByColony } from './threshold.presenter';
import {
  thresholdsRepository,
  type ThresholdBounds,
  type ThresholdRow,
} from './thresholds.repository';

export type { ThresholdBounds, ThresholdRow } from './thresholds.repository';

/**
 * The stored entries of every kind of the colonies of `scope` (every public one's by default,
 * the feed's; see ColonyScope): one query per threshold kind.
 */
export async function loadThresholdRows(
  db: AppDb,
  scope: ColonyScope = {},
): Promise<Record<ThresholdKind, ThresholdRow[]>> {
  const rows = await Promise.all(
    THRESHOLD_KINDS.map((kind) => thresholdsRepository.listByColonies(db, kind, scope)),
  );
  return perThresholdKind((kind) => rows[THRESHOLD_KINDS.indexOf(kind)]!);
}

/** One query per threshold kind, whatever the number of colonies. */
export async function loadThresholdLists(
  db: AppDb,
  scope: ColonyScope = {},
): Promise<Map<number, TThresholdLists>> {
  return groupThresholdsByColony(await loadThresholdRows(db, scope));
}

/** Dataset bounds of one kind over trustworthy values only (max-min endpoints, filter defaults). */
export function thresholdBounds(db: AppDb, kind: ThresholdKind): Promise<ThresholdBounds> {
  return thresholdsRepository.bounds(db, kind);
}

export function createThresholdsService(db: AppDb) {
  // Bounds read public rows only, so they change only with the data version (decision 0036): one
  // aggregate over a whole table per version and kind, not per request.
  const maxMinCaches = perThresholdKind(() => new VersionedCache<unknown>());
  return {
    bounds: (kind: ThresholdKind) => thresholdBounds(db, kind),
    /** The max-min answer of one kind: its bounds under every key of the spec. */
    async maxMin<K extends ThresholdKind>(kind: K): Promise<TThresholdMaxMin<K>> {
      const { version } = await currentDataVersion(db);
      const answer = await maxMinCaches[kind].get(version, async () =>
        maxMinAnswerFromBounds(kind, await thresholdBounds(db, kind)),
      );
      return answer as TThresholdMaxMin<K>;
    },
  };
}
export type ThresholdsService = ReturnType<typeof createThresholdsService>;
