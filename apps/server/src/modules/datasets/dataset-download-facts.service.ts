import { recommendedCitation, type DownloadDataset } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { citationFacts } from './dataset-citation';
import { datasetsRepository as repo } from './datasets.repository';
import { parseMetadata } from './dataset-versions.service';

/** A dataset version as a download names it, with what the downloads module needs to decide. */
export interface DownloadDatasetVersion extends DownloadDataset {
  versionId: number;
  /** The dataset was withdrawn: its data leave every download (decision 0012). */
  withdrawn: boolean;
}

/** `coral-dataset-<id>-v<n>`: the key naming a dataset version in every row of a download. */
export const citationKeyOf = (datasetId: number, version: number) =>
  `coral-dataset-${datasetId}-v${version}`;

/**
 * The citation facts of the given dataset versions, in the order given: two queries whatever
 * their number. The facts are the ones the version's page cites from, so a download and the page
 * agree.
 */
export async function downloadDatasetVersions(
  db: AppDb,
  versionIds: readonly number[],
  publicUrl: string,
): Promise<DownloadDatasetVersion[]> {
  const versions = await repo.versionsByIds(db, versionIds);
  const datasets = await repo.findDatasets(db, [
    ...new Set([...versions.values()].map((v) => v.dataset_id)),
  ]);
  return versionIds.flatMap((versionId) => {
    const version = versions.get(versionId);
    const dataset = version && datasets.get(version.dataset_id);
    if (!version || !dataset) return [];
    const metadata = parseMetadata(version.metadata);
    const facts = citationFacts({ dataset, version, metadata, publicUrl });
    return [
      {
        versionId,
        withdrawn: dataset.withdrawn_at !== null,
        facts,
        citation: recommendedCitation(facts).text,
        citationKey: citationKeyOf(dataset.id, version.number),
        protocol: metadata.protocol,
      },
    ];
  });
}
