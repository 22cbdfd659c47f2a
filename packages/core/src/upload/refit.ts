import { computeEds } from '../ed50/compute-eds';
import type { CbassRow, ColonyEdResult } from '../ed50/types';
import { planKey, type PlanColony, type PlanObservation } from './upload-plan';

/** A group larger than this is not refitted (the joint fit's cost grows with its square). */
export const REFIT_MAX_GROUP_COLONIES = 60;
/** Colonies refitted per upload at most (about 1–2 ms each); larger files are sampled by group. */
export const REFIT_DEFAULT_MAX_COLONIES = 1000;

export interface RefitOutcome {
  /** By curve key (colony × condition × timepoint). */
  results: Map<string, ColonyEdResult>;
  /** Groups not refitted because they hold too many colonies. */
  oversizedGroups: { label: string; colonies: number }[];
  refittedColonies: number;
  /** Curves with measurements that could have been refitted. */
  candidateColonies: number;
  /** Why the engine refused the whole refit (e.g. fewer than 4 temperatures in the file). */
  errors: string[];
}

interface Group {
  values: [string, string, string, string];
  curves: Set<string>;
  observations: PlanObservation[];
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
  maxColonies: number = REFIT_DEFAULT_MAX_COLONIES,
): RefitOutcome {
  const groups = new Map<string, Group>();
  for (const observation of observations) {
    if (observation.pamValue === null) continue;
    const species = colonies.get(observation.colonyKey)!.species;
    const condition = observation.condition ?? '';
    const timepoint = observation.timepoint ?? '';
    const key = planKey(observation.site, condition, species, timepoint);
    let group = groups.get(key);
    if (!group) {
      group = {
        values: [observation.site, condition, species, timepoint],
        curves: new Set(),
        observations: [],
      };
      groups.set(key, group);
    }
    group.curves.add(observation.curveKey);
    group.observations.push(observation);
  }

  const oversizedGroups: RefitOutcome['oversizedGroups'] = [];
  const rows: CbassRow[] = [];
  let refittedColonies = 0;
  let candidateColonies = 0;
  for (const group of groups.values()) {
    candidateColonies += group.curves.size;
    if (group.curves.size > REFIT_MAX_GROUP_COLONIES) {
      oversizedGroups.push({ label: group.values.join('_'), colonies: group.curves.size });
      continue;
    }
    if (refittedColonies + group.curves.size > maxColonies) continue;
    refittedColonies += group.curves.size;
    const [Site, Condition, Species, Timepoint] = group.values;
    const values = { Site, Condition, Species, Timepoint };
    for (const o of group.observations) {
      rows.push({
        row: o.row,
        site: Site,
        condition: Condition,
        species: Species,
        // The curve key is the curve id: one curve per colony within the group.
        genotype: o.curveKey,
        timepoint: Timepoint,
        temperature: o.temperature,
        pamValue: o.pamValue!,
        values,
      });
    }
  }
  const results = new Map<string, ColonyEdResult>();
  const errors: string[] = [];
  if (rows.length > 0) {
    // The calculator's engine, without the pooled curves the upload does not need.
    const computation = computeEds(rows, { curves: false });
    errors.push(...computation.errors);
    for (const colony of computation.colonies) results.set(colony.genotype, colony);
  }
  return { results, oversizedGroups, refittedColonies, candidateColonies, errors };
}
