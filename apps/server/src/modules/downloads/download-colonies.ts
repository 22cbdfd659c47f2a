import {
  groupBy,
  perThresholdKind,
  THRESHOLD_KINDS,
  type DownloadColony,
  type DownloadThreshold,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { publicationDoisOfColonies } from '../projects/projects.service';
import { taxonMatchesFor } from '../taxa/taxa.service';
import type { DownloadDatasetVersion } from '../datasets/dataset-download-facts.service';
import { downloadsRepository as repo, type DownloadThresholdRow } from './downloads.repository';

const toThreshold = (row: DownloadThresholdRow): DownloadThreshold => ({
  condition: row.condition,
  timepoint: row.timepoint,
  abs: row.abs_value,
  rel: row.rel_value,
  mmm: row.sst_clim_mmm,
  qualityFlags: row.quality_flags,
  assayId: row.assay_id,
  provenance: {
    method: row.ed_method,
    model: row.ed_model,
    fit: row.ed_fit,
    bounds: null,
    software: row.ed_software,
  },
});

const distinctSorted = (values: Iterable<string>) => [...new Set(values)].sort();

/**
 * Everything every format says about one page of colonies (in id order): 6 + one query per
 * threshold kind, whatever the page size (the sixth: WoRMS' answers for the species names). `versions` holds the dataset version of each colony.
 */
export async function loadDownloadColonies(
  db: AppDb,
  colonyIds: readonly number[],
  versions: ReadonlyMap<number, DownloadDatasetVersion>,
): Promise<DownloadColony[]> {
  if (colonyIds.length === 0) return [];
  const [colonies, samplings, dois, assays, ...thresholds] = await Promise.all([
    repo.colonies(db, colonyIds),
    repo.samplings(db, colonyIds),
    publicationDoisOfColonies(db, colonyIds),
    repo.assays(db, colonyIds),
    ...THRESHOLD_KINDS.map((kind) => repo.thresholds(db, kind, colonyIds)),
  ]);
  const samplingsOf = groupBy(samplings, (row) => row.colony_id);
  const doisOf = groupBy(dois, (row) => row.colony_id);
  const assaysOf = groupBy(assays, (row) => row.colony_id);
  const thresholdsOf = thresholds.map((rows) => groupBy(rows, (row) => row.colony_id));
  const taxa = await taxonMatchesFor(
    db,
    colonies.map((colony) => colony.species),
  );

  return colonies.map((colony) => {
    const version = versions.get(colony.dataset_version_id);
    if (!version) {
      throw new Error(
        `Colony ${colony.id}: dataset version ${colony.dataset_version_id} not given`,
      );
    }
    const sampled = samplingsOf.get(colony.id) ?? [];
    return {
      id: colony.id,
      name: colony.name,
      species: colony.species,
      taxon: taxa.get(colony.species) ?? null,
      country: colony.country,
      latitude: colony.latitude,
      longitude: colony.longitude,
      citationKey: version.citationKey,
      datasetId: version.facts.datasetId,
      datasetVersion: version.facts.version,
      projectNames: distinctSorted(sampled.map((row) => row.project_name)),
      publicationDois: distinctSorted([
        ...(doisOf.get(colony.id) ?? []).map((row) => row.doi),
        ...version.facts.relatedDois,
      ]),
      collectionDates: distinctSorted(
        sampled.flatMap((row) => (row.collection_date ? [row.collection_date] : [])),
      ),
      assays: (assaysOf.get(colony.id) ?? []).map((row) => ({
        id: row.id,
        name: row.name,
        date: row.date,
        projectName: row.project_name,
      })),
      thresholds: perThresholdKind((kind) =>
        (thresholdsOf[THRESHOLD_KINDS.indexOf(kind)]!.get(colony.id) ?? []).map(toThreshold),
      ),
    };
  });
}
