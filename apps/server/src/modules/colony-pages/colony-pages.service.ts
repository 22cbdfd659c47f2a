import {
  describeEdProvenance,
  emptyThresholdLists,
  recommendedCitation,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type EdProvenance,
  type TColonyPage,
  type TEdProvenance,
  type TThresholdLists,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { loadThresholdLists } from '../thresholds/thresholds.service';
import { downloadDatasetVersions } from '../datasets/dataset-download-facts.service';
import {
  colonyPagesRepository as repo,
  type ThresholdProvenanceRow,
} from './colony-pages.repository';

/** Ids in URLs are positive 32-bit integers (the column's type); anything else is a bad request. */
export function parseColonyId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * A colony's page (decision 0019). Only public colonies have one: a colony of a draft,
 * embargoed or withdrawn dataset version answers 404 exactly like an id that never existed, so
 * the answer does not reveal that unpublished data exist.
 */
export function createColonyPagesService(db: AppDb, options: { publicUrl: string }) {
  return {
    async page(rawId: string): Promise<TColonyPage> {
      const id = parseColonyId(rawId);
      if (id === undefined) {
        throw badRequest(`"${rawId}" is not a colony id: ids are whole numbers from 1.`);
      }
      const colony = await repo.findPublic(db, id);
      if (!colony) throw notFound(`Colony ${id} not found (or not published).`);

      const [thresholds, provenance, observations, projects, versions] = await Promise.all([
        loadThresholdLists(db, { ids: [id] }),
        Promise.all(THRESHOLD_KINDS.map((kind) => repo.thresholdProvenance(db, kind, id))),
        repo.observations(db, id),
        repo.projects(db, id),
        downloadDatasetVersions(db, [colony.dataset_version_id], options.publicUrl),
      ]);
      // The colony is public, so its version is too: the facts are there.
      const { facts } = versions[0]!;
      const { dataset_version_id: _version, ...place } = colony;
      return {
        ...place,
        ...withProvenance(thresholds.get(id) ?? emptyThresholdLists(), provenance),
        observations: observations.map((o) => ({
          id: o.id,
          biosample: { id: o.biosample_id, name: o.biosample_name },
          condition: o.condition,
          timepoint: o.timepoint,
          temperature: o.temperature,
          pam_value: o.pam_value,
        })),
        projects,
        dataset: {
          id: facts.datasetId,
          version: facts.version,
          title: facts.title,
          licence: facts.licence,
          citation: recommendedCitation(facts),
        },
      };
    },
  };
}
export type ColonyPagesService = ReturnType<typeof createColonyPagesService>;

/** Each list entry with how its value was computed, from its kind's provenance rows by id. */
function withProvenance(
  lists: TThresholdLists,
  rows: readonly ThresholdProvenanceRow[][],
): Pick<TColonyPage, keyof TThresholdLists> {
  const out: Record<string, unknown[]> = {};
  THRESHOLD_KINDS.forEach((kind, k) => {
    const { listKey } = THRESHOLD_KIND_INFO[kind];
    const byId = new Map(rows[k]!.map((row) => [row.id, row]));
    out[listKey] = lists[listKey].map((entry) => ({
      ...entry,
      provenance: presentProvenance(byId.get(entry.id)!),
    }));
  });
  // Built per kind from the registry, as the lists themselves are.
  return out as unknown as Pick<TColonyPage, keyof TThresholdLists>;
}

function presentProvenance(row: ThresholdProvenanceRow): TEdProvenance {
  const provenance: EdProvenance = {
    method: row.ed_method,
    model: row.ed_model,
    fit: row.ed_fit,
    bounds: null,
    software: row.ed_software,
  };
  return { ...provenance, label: describeEdProvenance(provenance) };
}
