import { perKind } from '../ed50/ed-kinds';
import type { EdComputation } from '../ed50/types';
import type { ThresholdKind } from '../thresholds/threshold-kinds';
import type { MmmTable } from './mmm-table';
import {
  regressOnMmm,
  relativeTolerance,
  type EdWithMmm,
  type MmmRegressionResult,
} from './relative-tolerance';

/** ED − MMM per colony and ED against MMM over colonies and over sites, for one threshold. */
export interface KindMmmAnalyses {
  /** Colonies with an ED and an MMM: key, ED − MMM. */
  relative: { key: string; value: number }[];
  colonies: MmmRegressionResult;
  /** One point per value of the MMM table's column: the mean ED of its colonies at its MMM. */
  sites: MmmRegressionResult;
  /** Values of the column the table has no MMM for (their colonies are left out). */
  missing: string[];
  /** The points of the regression over sites, in order of first appearance. */
  sitePoints: { site: string; mmm: number; ed: number; n: number }[];
}

/** The values of a grouping column among a computation's colonies, in order of first appearance. */
export function mmmKeys(computation: EdComputation, column: string): string[] {
  return [...new Set(computation.colonies.map((colony) => colony.groupValues[column] ?? ''))];
}

/**
 * Why an MMM table does not fit a computation (the calculator page's rule, decision 0068), or
 * none: a value of its column that no colony has (a typing error, or another file's sites), and
 * the values of the data it gives no MMM for. The command line leaves the latter's colonies out
 * with a note instead (`analyseMmm`'s `missing`).
 */
export function mmmTableProblems(computation: EdComputation, table: MmmTable): string[] {
  const keys = mmmKeys(computation, table.column);
  const known = new Set(keys);
  const unknown = [...table.mmm.keys()].filter((key) => !known.has(key));
  const missing = keys.filter((key) => !table.mmm.has(key));
  const list = (values: string[]) => values.map((value) => `"${value}"`).join(', ');
  const problems: string[] = [];
  if (unknown.length > 0) {
    problems.push(
      `${table.column} ${list(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not in the data (its ${table.column} values: ${list(keys)}).`,
    );
  }
  if (missing.length > 0) {
    problems.push(`No MMM for ${table.column} ${list(missing)}: every one in the data needs one.`);
  }
  return problems;
}

/**
 * Thermal tolerance relative to the local MMM and its regression on MMM (Evensen et al. 2022;
 * decision 0061) for a computation's colonies, the MMM given per value of a grouping column
 * (usually Site).
 */
export function analyseMmm(
  computation: EdComputation,
  table: MmmTable,
  options: { unrounded?: boolean } = {},
): Record<ThresholdKind, KindMmmAnalyses> {
  return perKind((kind) => {
    const points: SitedEd[] = [];
    const missing = new Set<string>();
    for (const colony of computation.colonies) {
      const site = colony.groupValues[table.column] ?? '';
      const mmm = table.mmm.get(site);
      const ed = options.unrounded ? colony[kind].value : colony[kind].rounded;
      if (mmm === undefined) missing.add(site);
      if (ed === null || mmm === undefined) continue;
      points.push({ key: colony.key, site, ed, mmm });
    }
    return mmmAnalysesOf(points, [...missing]);
  });
}

/** A colony's ED with its site and the site's MMM. */
export interface SitedEd extends EdWithMmm {
  key: string;
  site: string;
}

/**
 * ED − MMM per colony, and lm(ED ~ MMM) over colonies and over sites (one point per site and
 * MMM: the mean ED of its colonies), from plain points: the calculator's computation and the
 * Compare page's platform data both come through here (decision 0061).
 */
export function mmmAnalysesOf(points: readonly SitedEd[], missing: string[]): KindMmmAnalyses {
  const bySite = new Map<string, SitedEd[]>();
  for (const point of points) {
    const site = `${point.site}\u0000${point.mmm}`;
    const list = bySite.get(site);
    if (list) list.push(point);
    else bySite.set(site, [point]);
  }
  const sitePoints = [...bySite.values()].map((list) => ({
    site: list[0]!.site,
    mmm: list[0]!.mmm,
    ed: list.reduce((sum, point) => sum + point.ed, 0) / list.length,
    n: list.length,
  }));
  return {
    relative: points.map((point) => ({
      key: point.key,
      value: relativeTolerance(point.ed, point.mmm)!,
    })),
    colonies: regressOnMmm(points),
    sites: regressOnMmm(sitePoints),
    missing,
    sitePoints,
  };
}
