import { z } from 'zod';
import type { ThresholdKind } from '../thresholds/threshold-kinds';

/** What changed from the previous version (null for version 1). */
export const ZChangeSummary = z
  .object({
    colonies_added: z.number().int(),
    colonies_changed: z.number().int(),
    colonies_removed: z.number().int(),
    thresholds_changed: z.number().int(),
  })
  .meta({ id: 'DatasetChangeSummary' });
export type TChangeSummary = z.infer<typeof ZChangeSummary>;

/** A colony of a version as a change summary compares them. */
export interface ComparedColony {
  name: string;
  species: string;
  latitude: number;
  longitude: number;
  country: string;
}

/** A threshold of a version as a change summary compares them. */
export interface ComparedThreshold {
  colonyName: string;
  species: string;
  kind: ThresholdKind;
  condition: string | null;
  timepoint: string | null;
  abs: number | null;
}

/** Values are stored to 2 decimals: closer than this, they are the same. */
const SAME_VALUE_C = 0.005;
/** About 1 m: a colony re-surveyed within it has not moved. */
const SAME_PLACE_DEG = 0.00001;

const colonyKey = (name: string, species: string) => JSON.stringify([name, species]);

/**
 * What a new version changes against the previous one (decision 0012): colonies are matched by
 * name and species; a colony is changed when it moved, changed country or any of its thresholds
 * changed; a threshold (colony × kind × condition × timepoint) is changed when it appears,
 * disappears or its value moves by more than 0.005 °C.
 */
export function summarizeChanges(
  previous: { colonies: readonly ComparedColony[]; thresholds: readonly ComparedThreshold[] },
  next: { colonies: readonly ComparedColony[]; thresholds: readonly ComparedThreshold[] },
): TChangeSummary {
  const before = new Map(previous.colonies.map((c) => [colonyKey(c.name, c.species), c]));
  const after = new Map(next.colonies.map((c) => [colonyKey(c.name, c.species), c]));

  const thresholdKey = (t: ComparedThreshold) =>
    JSON.stringify([t.colonyName, t.species, t.kind, t.condition, t.timepoint]);
  const valuesBefore = new Map(previous.thresholds.map((t) => [thresholdKey(t), t]));
  const valuesAfter = new Map(next.thresholds.map((t) => [thresholdKey(t), t]));
  const changedColonies = new Set<string>();
  let thresholdsChanged = 0;
  for (const key of new Set([...valuesBefore.keys(), ...valuesAfter.keys()])) {
    const a = valuesBefore.get(key);
    const b = valuesAfter.get(key);
    const same =
      a !== undefined &&
      b !== undefined &&
      (a.abs === null || b.abs === null
        ? a.abs === b.abs
        : Math.abs(a.abs - b.abs) <= SAME_VALUE_C);
    if (same) continue;
    thresholdsChanged++;
    const t = (b ?? a)!;
    changedColonies.add(colonyKey(t.colonyName, t.species));
  }

  let added = 0;
  let changed = 0;
  for (const [key, colony] of after) {
    const old = before.get(key);
    if (!old) {
      added++;
      continue;
    }
    const moved =
      Math.abs(old.latitude - colony.latitude) > SAME_PLACE_DEG ||
      Math.abs(old.longitude - colony.longitude) > SAME_PLACE_DEG ||
      old.country !== colony.country;
    if (moved || changedColonies.has(key)) changed++;
  }
  const removed = [...before.keys()].filter((key) => !after.has(key)).length;
  return {
    colonies_added: added,
    colonies_changed: changed,
    colonies_removed: removed,
    thresholds_changed: thresholdsChanged,
  };
}
