import { coloniesOnAnotherScale } from './input-checks';
import type { ThresholdKind } from '../thresholds/threshold-kinds';
import type { GroupContext } from './colony-flags';
import { colonyStats, type ColonyStats } from './colony-stats';
import type { DrmFitError, DrmLl3Fit } from './drm-fit';
import { perKind } from './ed-kinds';
import { noteCelsius } from './note-format';
import { rMedian } from './r-numerics/r-median';
import { roundR } from './r-numerics/r-round';
import type { CbassRow, ColonyEdResult, ColonyFlag, EdEstimate, EdFitMode } from './types';

/**
 * What every fit of a group's colonies shares (the LL.3 joint and per-colony fits of
 * fit-group.ts, the other families' of fit-group-family.ts): the colonies in file order with
 * the exclusions known before fitting, drm's rows, the group context of the checks of
 * ed50-algorithm §9, and the results of colonies that were not fitted.
 */

export interface GroupInput {
  groupingProperty: string;
  groupValues: Readonly<Record<string, string>>;
  /** The group's rows in file order. */
  rows: readonly CbassRow[];
}

export interface Colony {
  genotype: string;
  rows: CbassRow[];
  stats: ColonyStats;
  /** Why the colony is left out of the joint fit (null: it is fitted). */
  exclusion: ColonyFlag | null;
}

const NO_ED: EdEstimate = { raw: null, value: null, rounded: null };
/** The EDs of a colony that was not fitted. */
export const NO_EDS: Readonly<Record<ThresholdKind, EdEstimate>> = perKind(() => NO_ED);

export function estimate(raw: number, reportable: boolean): EdEstimate {
  const value = reportable && Number.isFinite(raw) ? raw : null;
  return { raw, value, rounded: value === null ? null : roundR(value, 2) };
}

/** Colonies (genotypes) in order of first appearance, with the exclusions known before fitting. */
export function coloniesInOrder(rows: readonly CbassRow[]): Colony[] {
  const byGenotype = new Map<string, CbassRow[]>();
  for (const row of rows) {
    const list = byGenotype.get(row.genotype);
    if (list) list.push(row);
    else byGenotype.set(row.genotype, [row]);
  }
  return [...byGenotype].map(([genotype, colonyRows]) => {
    const stats = colonyStats(
      colonyRows.map((r) => r.temperature),
      colonyRows.map((r) => r.pamValue),
    );
    return { genotype, rows: colonyRows, stats, exclusion: exclusionBeforeFit(stats) };
  });
}

export function exclusionBeforeFit(stats: ColonyStats): ColonyFlag | null {
  const stop = 'CBASSED50 would stop the whole file here; this colony is skipped instead.';
  if (stats.temperatures.length === 1) {
    return {
      code: 'single_temperature',
      message: `Only one temperature (${noteCelsius(stats.minTemperature)}) was measured for this colony; a curve needs at least 3 (CBASS uses 4). ${stop}`,
    };
  }
  if (stats.constantResponse) {
    return {
      code: 'constant_response',
      message: `All ${stats.nObservations} PAM values of this colony are equal, so no curve can be fitted and there are no ED values. ${stop}`,
    };
  }
  return null;
}

export function fitFailure(
  error: DrmFitError,
  colony: Colony,
  fit: EdFitMode = 'joint',
): ColonyFlag {
  if (
    error.selfStartFailure === 'constant_response' ||
    error.selfStartFailure === 'single_temperature'
  ) {
    return exclusionBeforeFit(colony.stats)!;
  }
  const reason =
    error.selfStartFailure !== undefined
      ? 'no starting values could be computed from these responses'
      : error.message;
  return {
    code: 'fit_failed',
    message:
      fit === 'joint'
        ? `The curve fit failed for this colony (${reason}), so there are no ED values. CBASSED50 would stop the whole file here.`
        : `The curve fit of this colony alone failed (${reason}), so there are no ED values.`,
  };
}

export function jointFitNote(groupingProperty: string, excluded: readonly Colony[]): ColonyFlag {
  const names = excluded.map((colony) => colony.genotype).join(', ');
  return {
    code: 'joint_fit_without_excluded',
    message: `Fitted jointly with the other colonies of ${groupingProperty} except ${names}, which could not be fitted. CBASSED50 would have stopped with an error on this group, so these values have no CBASSED50 counterpart.`,
  };
}

/** drm's input: the group's rows of the fitted colonies, file order, curve = colony index. */
export function drmRows(rows: readonly CbassRow[], fitted: readonly Colony[]) {
  const curveOf = new Map(fitted.map((colony, index) => [colony.genotype, index]));
  const kept = rows.filter((row) => curveOf.has(row.genotype));
  return {
    curveCount: fitted.length,
    curve: kept.map((row) => curveOf.get(row.genotype)!),
    temperature: kept.map((row) => row.temperature),
    response: kept.map((row) => row.pamValue),
  };
}

export function groupContext(rows: readonly CbassRow[], fit: DrmLl3Fit | null): GroupContext {
  const curves: [number, number][] = [];
  if (fit) fit.hill.forEach((hill, i) => curves.push([hill, fit.max[i]!]));
  const byGenotype = new Map<string, number[]>();
  for (const row of rows) {
    const values = byGenotype.get(row.genotype);
    if (values) values.push(row.pamValue);
    else byGenotype.set(row.genotype, [row.pamValue]);
  }
  return {
    medianMax: medianFallingMax(curves),
    fvFmScale: rows.every((row) => row.pamValue >= 0 && row.pamValue <= 1),
    otherScale: coloniesOnAnotherScale([...byGenotype].map(([name, values]) => ({ name, values }))),
  };
}

/** Median Max of the curves (Hill, Max) that fall with temperature; null below 3 of them. */
export function medianFallingMax(curves: readonly (readonly [number, number])[]): number | null {
  const falling = curves.filter(([hill]) => hill > 0).map(([, max]) => max);
  return falling.length >= 3 ? rMedian(falling) : null;
}

export function baseResult(group: GroupInput, colony: Colony): ColonyEdResult {
  const fields: Omit<ColonyEdResult, ThresholdKind> = {
    groupingProperty: group.groupingProperty,
    key: `${group.groupingProperty}_${colony.genotype}`,
    genotype: colony.genotype,
    groupValues: group.groupValues,
    status: 'excluded',
    hill: null,
    max: null,
    rss: null,
    start: null,
    nObservations: colony.stats.nObservations,
    nTemperatures: colony.stats.temperatures.length,
    minTemperature: colony.stats.minTemperature,
    maxTemperature: colony.stats.maxTemperature,
    convergence: null,
    functionEvaluations: null,
    flags: [],
  };
  return Object.assign(fields, NO_EDS);
}
