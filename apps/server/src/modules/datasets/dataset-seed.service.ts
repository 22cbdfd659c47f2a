import fs from 'node:fs/promises';
import type { DatasetBundle, DatasetCounts, TDataSource } from '@coral/core';
import type { AppDb } from '../../db/schema';
import { CORAL_FUTURE, coralFutureDumpToBundle } from '../../db/seed/coralfuture-json';
import { currentDataVersion } from '../read-models/read-models.service';
import { datasetRepository } from './dataset-rows.repository';
import { recordDatasetChange } from '../data-changes/data-changes.service';
import { importDataset } from './dataset-import.service';
import { createSeedVersion, publishSeedVersions } from './dataset-versions.service';

export type SeedOutcome =
  | { seeded: true; counts: DatasetCounts }
  | { seeded: false; reason: 'already-seeded' | 'database-not-empty' };

/**
 * Imports the bundled real dataset (the seed file, read and validated by db/seed) into an empty
 * database, in one transaction, through the same import service as uploads: one published
 * dataset per project. Idempotent: a second start, or a second process starting at the same
 * moment, changes nothing.
 */
export async function seedDatabase(db: AppDb, seedFile: string): Promise<SeedOutcome> {
  const json: unknown = JSON.parse(await fs.readFile(seedFile, 'utf8'));
  const bundle = coralFutureDumpToBundle(json);
  return db.transaction().execute(async (trx) => {
    await datasetRepository.lockSeeding(trx);
    const { seededAt } = await currentDataVersion(trx);
    if (seededAt !== null) return { seeded: false, reason: 'already-seeded' } as const;
    if (await datasetRepository.hasAnyDataset(trx)) {
      return { seeded: false, reason: 'database-not-empty' } as const;
    }
    const counts = await importAsPublished(trx, bundle, CORAL_FUTURE, { seeded: true });
    return { seeded: true, counts } as const;
  });
}

/**
 * Imports data that were public where they come from (the seed, a benchmark's synthetic data):
 * each project becomes a published dataset version 1 (decision 0012), and the public read
 * models are rebuilt, in the caller's transaction. `importedFrom` is where they were public; it
 * has no default, so synthetic data are never credited to the Coral Future database (decision
 * 0060): each caller names its true source.
 */
export async function importAsPublished(
  trx: AppDb,
  bundle: DatasetBundle,
  importedFrom: TDataSource,
  change: { seeded?: boolean } = {},
): Promise<DatasetCounts> {
  const versions: number[] = [];
  const counts = await importDataset(trx, bundle, {
    versionForProject: async (projectId) => {
      const versionId = await createSeedVersion(trx, projectId, importedFrom);
      versions.push(versionId);
      return versionId;
    },
  });
  await publishSeedVersions(trx, versions, importedFrom);
  await recordDatasetChange(trx, { ...change, changedVersionIds: versions });
  return counts;
}
