import {
  cartExportPreamble,
  cartExportRows,
  formatCartExportRow,
  groupBy,
  THRESHOLD_KINDS,
  type CartExportColony,
  type CartExportThreshold,
  type ThresholdKind,
  withoutFlaggedThresholds,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { publicationDoisOfColonies } from '../projects/projects.service';
import { loadThresholdRows, type ThresholdRow } from '../thresholds/thresholds.service';
import { cartRepository as repo } from './cart.repository';

const toExportThreshold = (row: ThresholdRow): CartExportThreshold => ({
  condition: row.condition,
  timepoint: row.timepoint,
  abs: row.abs_value,
  rel: row.rel_value,
  mmm: row.sst_clim_mmm,
  qualityFlags: row.quality_flags,
});

/** Everything the export shows about one page of colonies: six queries per page. */
async function loadExportColonies(
  db: AppDb,
  colonyIds: readonly number[],
): Promise<CartExportColony[]> {
  const [page, projects, dois, thresholdRows] = await Promise.all([
    repo.colonies(db, colonyIds),
    repo.projectNames(db, colonyIds),
    publicationDoisOfColonies(db, colonyIds),
    loadThresholdRows(db, { ids: colonyIds }),
  ]);
  const projectsByColony = groupBy(projects, (p) => p.colony_id);
  const doisByColony = groupBy(dois, (d) => d.colony_id);
  const thresholdsByKind = THRESHOLD_KINDS.map((kind) =>
    groupBy(thresholdRows[kind], (t) => t.colony_id),
  );
  return page.map((colony) => ({
    ...colony,
    projectNames: (projectsByColony.get(colony.id) ?? []).map((p) => p.name),
    publicationDois: (doisByColony.get(colony.id) ?? []).map((d) => d.doi),
    thresholds: Object.fromEntries(
      THRESHOLD_KINDS.map((kind, i) => [
        kind,
        (thresholdsByKind[i]?.get(colony.id) ?? []).map(toExportThreshold),
      ]),
    ) as Record<ThresholdKind, CartExportThreshold[]>,
  }));
}

/**
 * The export file, piece by piece: the preamble, then one chunk of text per keyset page of each
 * group's colonies (ordered by colony id). Pages are read only when the consumer asks for more,
 * so a slow download never makes the server hold more than a page.
 */
export async function* cartExportLines(
  db: AppDb,
  ownerId: number,
  groups: readonly { id: number; name: string; hideFlagged: boolean }[],
  chunkSize: number,
): AsyncGenerator<string> {
  yield cartExportPreamble();
  for (const group of groups) {
    let afterColonyId = 0;
    for (;;) {
      const colonyIds = await repo.colonyIdPage(db, ownerId, group.id, afterColonyId, chunkSize);
      if (colonyIds.length === 0) break;
      let text = '';
      for (const stored of await loadExportColonies(db, colonyIds)) {
        // A group saved with "Hide flagged values" exports as it was shown (decision 0013).
        const colony = group.hideFlagged ? withoutFlaggedThresholds(stored) : stored;
        if (!colony) continue;
        for (const row of cartExportRows(group.name, colony)) text += formatCartExportRow(row);
      }
      yield text;
      if (colonyIds.length < chunkSize) break;
      afterColonyId = colonyIds[colonyIds.length - 1]!;
    }
  }
}
