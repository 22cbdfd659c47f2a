import { perKind } from '../ed50/ed-kinds';
import type { ThresholdKind } from '../thresholds/threshold-kinds';
import { analyseKind, type KindAnalyses } from './computed-analyses';
import { mmmAnalysesOf, type KindMmmAnalyses, type SitedEd } from './computed-mmm';
import { mean, variance, type ValueGroup } from './groups';
import type { PAdjustMethod } from './p-adjust';
import { relativeTolerance } from './relative-tolerance';

/**
 * The post-fit analyses on the platform's own data (the Compare page, decision 0067): one
 * observation per colony and condition/timepoint (a colony measured in winter and in summer has
 * two, as the calculator fits them as two colonies), each with its factor levels, its site and
 * the site's MMM.
 */
export interface ObservedEd {
  /** Names the observation in Cook's screening and in ED − MMM (e.g. "colony 12 · Winter · 420"). */
  key: string;
  /** The observation's level of each factor (species, dataset, site, project, group, …). */
  levels: Readonly<Record<string, string>>;
  /** Where the colony was sampled: one MMM per site, and one point per site in the regression. */
  site: string;
  /** The maximum monthly mean (°C) at the site; null when not known. */
  mmm: number | null;
  /** ED5/ED50/ED95 (°C); null when the colony has none. */
  ed: Readonly<Record<ThresholdKind, number | null>>;
}

/** Absolute EDs, or relative to the local MMM (ED − MMM, Evensen et al. 2022). */
export type EdScale = 'absolute' | 'relative';
export const ED_SCALES: readonly EdScale[] = ['absolute', 'relative'];

export interface ObservedAnalysesOptions {
  /** The factor whose levels are the groups compared; with a second, the two-way design. */
  factors: readonly [string] | readonly [string, string];
  scale: EdScale;
  /** p-value adjustment of the pairwise Wilcoxon tests (default holm, R's default). */
  pAdjust?: PAdjustMethod;
}

/** n, mean and sample SD (R's sd, n − 1) of a group's values; null where n is too small. */
export interface ValueSummary {
  n: number;
  mean: number | null;
  sd: number | null;
}

export interface GroupSummary {
  name: string;
  /** Observations in the group (with or without values). */
  observations: number;
  absolute: Record<ThresholdKind, ValueSummary>;
  relative: Record<ThresholdKind, ValueSummary>;
}

export interface ObservedAnalyses {
  factors: string[];
  scale: EdScale;
  groups: GroupSummary[];
  /** The analyses of the chosen scale (the same shape as the calculator's). */
  analyses: Record<ThresholdKind, KindAnalyses>;
  /** ED − MMM and lm(ED ~ MMM) over observations and over sites (always on absolute EDs). */
  mmm: Record<ThresholdKind, KindMmmAnalyses>;
}

export function summarise(values: readonly number[]): ValueSummary {
  return {
    n: values.length,
    mean: values.length > 0 ? mean(values) : null,
    sd: values.length > 1 ? Math.sqrt(variance(values)) : null,
  };
}

const valueOf = (observation: ObservedEd, kind: ThresholdKind, scale: EdScale): number | null => {
  const ed = observation.ed[kind];
  if (ed === null || !Number.isFinite(ed)) return null;
  return scale === 'absolute' ? ed : relativeTolerance(ed, observation.mmm);
};

/**
 * Every analysis of the calculator (decision 0061) on observations from the platform: groups are
 * the first factor's levels in order of first appearance; the factorial part (ANOVA II/III,
 * marginal means with Tukey contrasts, Cook's screening) uses one or both factors; the values are
 * absolute or relative to the MMM (observations without an MMM then drop out, as R drops NA). The
 * regression on MMM always takes the absolute EDs (its intercept and slope are in °C of ED).
 */
export function analyseObservations(
  observations: readonly ObservedEd[],
  options: ObservedAnalysesOptions,
): ObservedAnalyses {
  const factors = [...options.factors];
  const [first] = factors as [string];
  const names = [...new Set(observations.map((o) => o.levels[first] ?? ''))];
  const members = new Map<string, ObservedEd[]>(names.map((name) => [name, []]));
  for (const observation of observations) {
    members.get(observation.levels[first] ?? '')!.push(observation);
  }
  const valuesOf = (list: readonly ObservedEd[], kind: ThresholdKind, scale: EdScale) =>
    list.flatMap((o) => {
      const value = valueOf(o, kind, scale);
      return value === null ? [] : [value];
    });
  const groups: GroupSummary[] = names.map((name) => {
    const list = members.get(name)!;
    return {
      name,
      observations: list.length,
      absolute: perKind((kind) => summarise(valuesOf(list, kind, 'absolute'))),
      relative: perKind((kind) => summarise(valuesOf(list, kind, 'relative'))),
    };
  });
  const analyses = perKind((kind) => {
    const valueGroups: ValueGroup[] = names.map((name) => ({
      name,
      values: valuesOf(members.get(name)!, kind, options.scale),
    }));
    return analyseKind(
      valueGroups,
      {
        factors,
        observations: observations.flatMap((o) => {
          const value = valueOf(o, kind, options.scale);
          return value === null
            ? []
            : [{ key: o.key, value, levels: factors.map((factor) => o.levels[factor] ?? '') }];
        }),
      },
      options.pAdjust ?? 'holm',
    );
  });
  const mmm = perKind((kind) => {
    const points: SitedEd[] = [];
    const missing = new Set<string>();
    for (const o of observations) {
      const ed = o.ed[kind];
      if (o.mmm === null) missing.add(o.site);
      if (ed === null || o.mmm === null || !Number.isFinite(ed)) continue;
      points.push({ key: o.key, site: o.site, ed, mmm: o.mmm });
    }
    return mmmAnalysesOf(points, [...missing]);
  });
  return { factors, scale: options.scale, groups, analyses, mmm };
}
