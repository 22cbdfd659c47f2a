import {
  cartExportFileRows,
  cartExportPreamble,
  datasetLookup,
  formatCartExportRow,
  groupBy,
  perThresholdKind,
  THRESHOLD_KINDS,
  type CartExportSourcedColony,
  type CartExportSourcedThreshold,
  type DatasetLookup,
  withoutFlaggedThresholds,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import {
  downloadDatasetVersions,
  type DownloadDatasetVersion,
} from '../datasets/dataset-download-facts.service';
import { publicationDoisOfColonies } from '../projects/projects.service';
import { loadThresholdRows } from '../thresholds/thresholds.service';
import { cartRepository as repo } from './cart.repository';

type ProvenanceRow = Awaited<ReturnType<typeof repo.thresholdProvenance>>[number];

/**
 * Everything the export shows about one page of colonies, with the dataset version of each (as
 * its id): nine queries per page.
 */
async function loadExportColonies(
  db: AppDb,
  colonyIds: readonly number[],
): Promise<
  {
    colony: Omit<CartExportSourcedColony, 'citationKey' | 'datasetId' | 'datasetVersion'>;
    versionId: number;
  }[]
> {
  const [page, versionIds, projects, dois, thresholdRows, ...provenance] = await Promise.all([
    repo.colonies(db, colonyIds),
    repo.datasetVersionIds(db, colonyIds),
    repo.projectNames(db, colonyIds),
    publicationDoisOfColonies(db, colonyIds),
    loadThresholdRows(db, { ids: colonyIds }),
    ...THRESHOLD_KINDS.map((kind) => repo.thresholdProvenance(db, kind, colonyIds)),
  ]);
  const versionOf = new Map(versionIds.map((row) => [row.id, row.dataset_version_id]));
  const projectsByColony = groupBy(projects, (p) => p.colony_id);
  const doisByColony = groupBy(dois, (d) => d.colony_id);
  const provenanceByKind = provenance.map(
    (rows) => new Map<number, ProvenanceRow>(rows.map((row) => [row.id, row])),
  );
  const thresholdsByKind = THRESHOLD_KINDS.map((kind) =>
    groupBy(thresholdRows[kind], (t) => t.colony_id),
  );
  return page.map((colony) => {
    const versionId = versionOf.get(colony.id);
    // Readable colonies always belong to a version (db/visibility.ts): a row must never guess.
    if (versionId == null) throw new Error(`Colony ${colony.id} has no dataset version`);
    return {
      versionId,
      colony: {
        ...colony,
        projectNames: (projectsByColony.get(colony.id) ?? []).map((p) => p.name),
        publicationDois: (doisByColony.get(colony.id) ?? []).map((d) => d.doi),
        thresholds: perThresholdKind((kind) => {
          const index = THRESHOLD_KINDS.indexOf(kind);
          return (thresholdsByKind[index]?.get(colony.id) ?? []).map(
            (row): CartExportSourcedThreshold => {
              const how = provenanceByKind[index]!.get(row.id);
              if (!how) throw new Error(`Threshold ${row.id} (${kind}) has no provenance`);
              return {
                condition: row.condition,
                timepoint: row.timepoint,
                abs: row.abs_value,
                rel: row.rel_value,
                mmm: row.sst_clim_mmm,
                qualityFlags: row.quality_flags,
                provenance: {
                  method: how.ed_method,
                  model: how.ed_model,
                  fit: how.ed_fit,
                  bounds: null,
                  software: how.ed_software,
                },
              };
            },
          );
        }),
      },
    };
  });
}

export interface ExportedGroup {
  id: number;
  name: string;
  hideFlagged: boolean;
}

/**
 * The colonies of the export, one keyset page of a group's colonies (ordered by colony id) at a
 * time, each with its dataset version, as they are written: a group saved with "Hide flagged
 * values" exports as it was shown (decision 0013). The dataset versions are read once each, when
 * their first colony appears; `versions` lists them in that order. Pages are read only when the
 * consumer asks for more, so a slow download never makes the server hold more than a page.
 */
async function* exportedPages(
  db: AppDb,
  ownerId: number,
  groups: readonly ExportedGroup[],
  chunkSize: number,
  publicUrl: string,
  versions: Map<number, DownloadDatasetVersion>,
): AsyncGenerator<{ group: ExportedGroup; colonies: CartExportSourcedColony[] }> {
  for (const group of groups) {
    let afterColonyId = 0;
    for (;;) {
      const colonyIds = await repo.colonyIdPage(db, ownerId, group.id, afterColonyId, chunkSize);
      if (colonyIds.length === 0) break;
      const loaded = await loadExportColonies(db, colonyIds);
      const unseen = [...new Set(loaded.map((c) => c.versionId))].filter((id) => !versions.has(id));
      for (const version of await downloadDatasetVersions(db, unseen, publicUrl)) {
        versions.set(version.versionId, version);
      }
      const colonies = loaded.flatMap(({ colony, versionId }) => {
        const version = versions.get(versionId);
        if (!version) {
          throw new Error(`Dataset version ${versionId} of colony ${colony.id} not found`);
        }
        const sourced: CartExportSourcedColony = {
          ...colony,
          citationKey: version.citationKey,
          datasetId: version.facts.datasetId,
          datasetVersion: version.facts.version,
        };
        return (group.hideFlagged ? withoutFlaggedThresholds(sourced) : sourced) ?? [];
      });
      yield { group, colonies };
      if (colonyIds.length < chunkSize) break;
      afterColonyId = colonyIds[colonyIds.length - 1]!;
    }
  }
}

/** The export file, piece by piece: the preamble, then one chunk of text per page. */
export async function* cartExportLines(
  db: AppDb,
  ownerId: number,
  groups: readonly ExportedGroup[],
  chunkSize: number,
  publicUrl: string,
): AsyncGenerator<string> {
  yield cartExportPreamble();
  const versions = new Map<number, DownloadDatasetVersion>();
  let lookup: DatasetLookup = datasetLookup({ datasets: [] });
  let known = 0;
  for await (const { group, colonies } of exportedPages(
    db,
    ownerId,
    groups,
    chunkSize,
    publicUrl,
    versions,
  )) {
    if (versions.size !== known) {
      known = versions.size;
      lookup = datasetLookup({ datasets: [...versions.values()] });
    }
    let text = '';
    for (const colony of colonies) {
      for (const row of cartExportFileRows(group.name, colony, lookup)) {
        text += formatCartExportRow(row);
      }
    }
    yield text;
  }
}

/**
 * The dataset versions the export's rows come from, in the order their first row appears: read
 * by walking the same pages the CSV is written from, so the citations cover exactly its rows.
 */
export async function cartExportDatasets(
  db: AppDb,
  ownerId: number,
  groups: readonly ExportedGroup[],
  chunkSize: number,
  publicUrl: string,
): Promise<DownloadDatasetVersion[]> {
  const versions = new Map<number, DownloadDatasetVersion>();
  const used = new Map<string, DownloadDatasetVersion>();
  const byKey = new Map<string, DownloadDatasetVersion>();
  for await (const { colonies } of exportedPages(
    db,
    ownerId,
    groups,
    chunkSize,
    publicUrl,
    versions,
  )) {
    for (const version of versions.values()) byKey.set(version.citationKey, version);
    for (const colony of colonies) {
      if (!used.has(colony.citationKey)) {
        used.set(colony.citationKey, byKey.get(colony.citationKey)!);
      }
    }
  }
  return [...used.values()];
}
