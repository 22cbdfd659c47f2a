import { fitGroupColonies } from '../ed50/fit-group';
import type { CbassRow, ColonyEdResult } from '../ed50/types';
import type { PlanColony, PlanObservation } from './upload-plan';

/** A group larger than this is not refitted (the joint fit's cost grows with its square). */
export const REFIT_MAX_GROUP_COLONIES = 60;
/** Colonies refitted per upload at most (about 1–2 ms each); larger files are sampled by group. */
export const REFIT_DEFAULT_MAX_COLONIES = 2000;

export interface RefitOutcome {
  /** By curve key (colony × condition × timepoint). */
  results: Map<string, ColonyEdResult>;
  /** Groups not refitted because they hold too many colonies. */
  oversizedGroups: { label: string; colonies: number }[];
  refittedColonies: number;
  /** Curves with measurements that could have been refitted. */
  candidateColonies: number;
}

/**
 * Refits the uploaded PAM data with the platform's ED engine, exactly as CBASSED50 does: one
 * joint LL.3 fit per Site × Condition × Species × Timepoint group, a curve per colony (algorithm
 * doc §3–§5). Rows without a PAM value are left out. Groups are refitted in order of first
 * appearance until `maxColonies` colonies have been fitted; the rest is reported as skipped.
 */
export function refitCurves(
  observations: readonly PlanObservation[],
  colonies: ReadonlyMap<string, PlanColony>,
  curveKeyOf: (observation: PlanObservation) => string,
  maxColonies: number = REFIT_DEFAULT_MAX_COLONIES,
): RefitOutcome {
  const groups = new Map<string, { label: string; rows: CbassRow[]; curves: Set<string> }>();
  for (const observation of observations) {
    if (observation.pamValue === null) continue;
    const colony = colonies.get(observation.colonyKey)!;
    const values = [
      observation.site,
      observation.condition ?? '',
      colony.species,
      observation.timepoint ?? '',
    ];
    const groupKey = JSON.stringify(values);
    let group = groups.get(groupKey);
    if (!group) {
      group = { label: values.join('_'), rows: [], curves: new Set() };
      groups.set(groupKey, group);
    }
    const curveKey = curveKeyOf(observation);
    group.curves.add(curveKey);
    group.rows.push({
      row: observation.row,
      site: values[0]!,
      condition: values[1]!,
      species: values[2]!,
      // The curve key is the curve id: one curve per colony within the group.
      genotype: curveKey,
      timepoint: values[3]!,
      temperature: observation.temperature,
      pamValue: observation.pamValue,
      values: {},
    });
  }

  const results = new Map<string, ColonyEdResult>();
  const oversizedGroups: RefitOutcome['oversizedGroups'] = [];
  let refittedColonies = 0;
  let candidateColonies = 0;
  for (const group of groups.values()) {
    candidateColonies += group.curves.size;
    if (group.curves.size > REFIT_MAX_GROUP_COLONIES) {
      oversizedGroups.push({ label: group.label, colonies: group.curves.size });
      continue;
    }
    if (refittedColonies + group.curves.size > maxColonies) continue;
    refittedColonies += group.curves.size;
    const fitted = fitGroupColonies({
      groupingProperty: group.label,
      groupValues: {},
      rows: group.rows,
    });
    for (const colony of fitted) results.set(colony.genotype, colony);
  }
  return { results, oversizedGroups, refittedColonies, candidateColonies };
}
