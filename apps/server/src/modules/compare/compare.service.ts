import {
  COMPARE_FACTOR_LABELS,
  compareLimitProblem,
  isHiddenByHideFlagged,
  parseCompareQuery,
  PLAUSIBLE_ABSOLUTE_RANGE_C,
  THRESHOLD_KINDS,
  type CompareRequest,
  type CompareResult,
  type DownloadColony,
  type DownloadThreshold,
  type ThresholdKind,
} from '@coral/core';
import {
  analyseObservations,
  analysesRArchive,
  formatAnalysesCsv,
  observedAnalysesRScript,
  type ObservedEd,
} from '@coral/core/analysis';
import type { AppDb } from '../../db/schema';
import { badRequest } from '../../errors';
import type { SessionUser } from '../../plugins/authentication';
import type { DownloadDatasetVersion } from '../datasets/dataset-download-facts.service';
import { loadDownloadColonies } from '../downloads/download-colonies';
import type { DownloadSources } from '../downloads/download-sources';

/**
 * The Compare page (decision 0067): which colonies (a map selection: the public data the map
 * shows; or the user's cart groups: what they may still read, their own drafts included) as the
 * open downloads decide it (one rule), their stored EDs as observations, and core's analyses.
 */
export interface CompareServiceOptions {
  sources: DownloadSources;
}

type Query = Readonly<Record<string, unknown>>;

/**
 * One colony's observation under one group, with how many of its ED values were left out as
 * untrustworthy (quality flags, decision 0061): the count travels with the observation, so the
 * note counts exactly the observations compared.
 */
export interface ComparedObservation extends ObservedEd {
  flaggedOut: number;
}

/** A comparison's answer with the observations it analysed, in the order it analysed them. */
export interface Comparison {
  result: CompareResult;
  observations: ComparedObservation[];
}

/**
 * One colony's entries of every kind, joined on condition and timepoint (one observation each),
 * with how many of its values were left out as untrustworthy.
 */
function entriesOf(colony: DownloadColony, leaveOutFlagged: boolean) {
  const entries = new Map<
    string,
    {
      condition: string;
      timepoint: string;
      first: DownloadThreshold;
      ed: Record<ThresholdKind, number | null>;
      flaggedOut: number;
    }
  >();
  for (const kind of THRESHOLD_KINDS) {
    for (const threshold of colony.thresholds[kind]) {
      const key = `${threshold.condition ?? ''}\u0000${threshold.timepoint ?? ''}`;
      let entry = entries.get(key);
      if (!entry) {
        entry = {
          condition: threshold.condition ?? 'N/A',
          timepoint: threshold.timepoint ?? 'N/A',
          first: threshold,
          ed: { ed5: null, ed50: null, ed95: null },
          flaggedOut: 0,
        };
        entries.set(key, entry);
      }
      if (threshold.abs === null) continue;
      if (leaveOutFlagged && isHiddenByHideFlagged({ quality_flags: threshold.qualityFlags })) {
        entry.flaggedOut += 1;
      } else {
        entry.ed[kind] = threshold.abs;
      }
    }
  }
  return [...entries.values()];
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function createCompareService(db: AppDb, { sources }: CompareServiceOptions) {
  /**
   * The observations of the colonies, each colony under each of its groups' names, each with how
   * many untrustworthy values it left out.
   */
  async function observationsOf(
    colonyIds: readonly number[],
    versions: readonly DownloadDatasetVersion[],
    leaveOutFlagged: boolean,
    groupsOf: (colonyId: number) => string[],
  ): Promise<ComparedObservation[]> {
    const byVersion = new Map(versions.map((version) => [version.versionId, version]));
    const colonies = await loadDownloadColonies(db, colonyIds, byVersion);
    const titles = new Map(
      versions.map((v) => [v.citationKey, `${v.facts.title} (v${v.facts.version})`]),
    );
    const observations: ComparedObservation[] = [];
    for (const colony of colonies) {
      const assays = new Map(colony.assays.map((assay) => [assay.id, assay]));
      for (const entry of entriesOf(colony, leaveOutFlagged)) {
        // The assay's name is the site in every real datasheet (download-model.ts); a value
        // without observations is placed at its colony's coordinates.
        const assay = entry.first.assayId === null ? undefined : assays.get(entry.first.assayId);
        const site = assay?.name ?? `${colony.latitude.toFixed(4)}, ${colony.longitude.toFixed(4)}`;
        for (const group of groupsOf(colony.id)) {
          observations.push({
            key: `${colony.name} · ${entry.condition} · ${entry.timepoint}`,
            levels: {
              species: colony.species,
              dataset: titles.get(colony.citationKey) ?? colony.citationKey,
              site,
              project: assay?.projectName ?? colony.projectNames[0] ?? 'N/A',
              condition: entry.condition,
              group,
            },
            site,
            mmm: entry.first.mmm,
            ed: entry.ed,
            flaggedOut: entry.flaggedOut,
          });
        }
      }
    }
    return observations;
  }

  function analyse(
    request: CompareRequest,
    all: readonly ComparedObservation[],
    colonyCount: number,
    versions: readonly DownloadDatasetVersion[],
    notes: string[],
  ): Comparison {
    const [first] = request.factors;
    const names = new Set(all.map((o) => o.levels[first]!));
    if (request.include) {
      const unknown = request.include.filter((name) => !names.has(name));
      if (unknown.length > 0) {
        throw badRequest(
          `include: no ${COMPARE_FACTOR_LABELS[first].toLowerCase()} named ${unknown.map((n) => `"${n}"`).join(', ')} in this selection`,
        );
      }
    }
    const wanted = request.include ? new Set(request.include) : names;
    const observations = all
      .filter((o) => wanted.has(o.levels[first]!))
      // Groups in the order of their names: levels come in order of first appearance (0061).
      .sort((a, b) => compareText(a.levels[first]!, b.levels[first]!));
    const tooMany = compareLimitProblem({ groups: wanted.size }, first);
    if (tooMany) throw badRequest(tooMany);
    if (observations.length === 0) {
      throw badRequest('The selection holds no colony with an ED value: nothing to compare.');
    }
    const result = analyseObservations(observations, {
      factors: request.factors,
      scale: request.scale,
      pAdjust: request.pAdjust,
    });
    const leftOut = observations.reduce((sum, o) => sum + o.flaggedOut, 0);
    if (leftOut > 0) {
      notes.push(
        `${leftOut} ED ${leftOut === 1 ? 'value is' : 'values are'} left out: ${leftOut === 1 ? 'its' : 'their'} quality flags make ${leftOut === 1 ? 'it' : 'them'} untrustworthy (an absolute ED outside ${PLAUSIBLE_ABSOLUTE_RANGE_C.min}–${PLAUSIBLE_ABSOLUTE_RANGE_C.max} °C, or a relative value that is not ED − MMM).`,
      );
    }
    const withoutMmm = observations.filter((o) => o.mmm === null).length;
    if (withoutMmm > 0) {
      notes.push(
        `${withoutMmm} of ${observations.length} observations have no MMM: they are left out of ED − MMM and of the regression on MMM.`,
      );
    }
    const used = new Set(observations.map((o) => o.levels.dataset));
    const compared: CompareResult = {
      factors: [...request.factors],
      factorLabels: request.factors.map((factor) => COMPARE_FACTOR_LABELS[factor]),
      scale: request.scale,
      pAdjust: request.pAdjust,
      colonies: colonyCount,
      observations: observations.length,
      groups: result.groups,
      selectionGroups: [...names].sort(compareText),
      analyses: result.analyses,
      mmm: result.mmm,
      citations: versions
        .filter((v) => used.has(`${v.facts.title} (v${v.facts.version})`))
        .map((v) => ({
          citationKey: v.citationKey,
          title: v.facts.title,
          version: v.facts.version,
          citation: v.citation,
          url: v.facts.url,
          doi: v.facts.doi,
        })),
      notes,
    };
    return { result: compared, observations };
  }

  function checkColonies(count: number) {
    const tooMany = compareLimitProblem({ colonies: count }, 'species');
    if (tooMany) throw badRequest(tooMany);
  }

  function parsed(query: Query, variant: 'public' | 'cart') {
    const result = parseCompareQuery(query, variant);
    if (result.problems.length > 0) {
      throw badRequest(`Invalid comparison: ${result.problems.join('; ')}`, result.problems);
    }
    return result;
  }

  return {
    /** A map selection (the map's filter parameters): public data only. */
    async publicSelection(query: Query): Promise<Comparison> {
      const { request, filterQuery } = parsed(query, 'public');
      const plan = await sources.map(filterQuery as Parameters<DownloadSources['map']>[0]);
      checkColonies(plan.colonyIds.length);
      const observed = await observationsOf(
        plan.colonyIds,
        plan.versions,
        plan.query.hideFlagged || !request.includeFlagged,
        () => [''],
      );
      return analyse(request, observed, plan.colonyIds.length, plan.versions, []);
    },

    /** The user's cart groups; a colony in two groups is in both. */
    async cartGroups(user: SessionUser, query: Query): Promise<Comparison> {
      const { request, groupIds } = parsed(query, 'cart');
      const ids = [...new Set(groupIds)];
      const groups = await Promise.all(ids.map((id) => sources.cartGroup(user, id, false)));
      const nameOf = (plan: (typeof groups)[number]) =>
        plan.query.source.kind === 'cart-group' ? plan.query.source.groupName : '';
      const members = new Map<number, string[]>();
      groups.forEach((group, i) => {
        // Two groups of the same name stay two groups.
        const twice = groups.filter((other) => nameOf(other) === nameOf(group)).length > 1;
        const name = twice ? `${nameOf(group)} (#${ids[i]})` : nameOf(group);
        for (const id of group.colonyIds) members.set(id, [...(members.get(id) ?? []), name]);
      });
      const colonyIds = [...members.keys()].sort((a, b) => a - b);
      checkColonies(colonyIds.length);
      const versions = await sources.versionsOf(colonyIds);
      // A group saved with "Hide flagged values" compares as the cart shows it (decision 0013).
      const hide = groups.some((group) => group.query.hideFlagged);
      const observed = await observationsOf(
        colonyIds,
        versions,
        hide || !request.includeFlagged,
        (id) => (request.factors.includes('group') ? members.get(id)! : [members.get(id)![0]!]),
      );
      const shared = [...members.values()].filter((names) => names.length > 1).length;
      const notes: string[] = [];
      if (shared > 0 && request.factors.includes('group')) {
        notes.push(`${shared} colonies are in more than one of the groups: they count in each.`);
      }
      if (hide) notes.push('Flagged values are hidden, as a group was saved with that option.');
      return analyse(request, observed, colonyIds.length, versions, notes);
    },

    /** The analyses as core's long CSV table (decision 0061's columns). */
    csv: ({ result }: Comparison) => formatAnalysesCsv(result.analyses, { mmm: result.mmm }),

    /**
     * The comparison as the calculator's R script with its data and the citations, zipped
     * (decision 0067): re-run with Rscript, it writes the numbers of `csv`.
     */
    rArchive: ({ result, observations }: Comparison) =>
      analysesRArchive(
        observedAnalysesRScript(observations, {
          factors: result.factors,
          scale: result.scale,
          pAdjust: result.pAdjust,
          groups: result.groups.map((group) => group.name),
          citations: result.citations.map((citation) => citation.citation),
        }),
      ),
  };
}
export type CompareService = ReturnType<typeof createCompareService>;
