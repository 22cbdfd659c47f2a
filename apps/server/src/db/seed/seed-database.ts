import fs from 'node:fs/promises';
import type { DatasetCounts } from '@coral/core';
import type { AppDb } from '../database';
import { datasetRepository } from '../../modules/datasets/dataset.repository';
import { importDataset } from '../../modules/datasets/dataset-import.service';
import { coralFutureDumpToBundle } from './coralfuture-json';

export type SeedOutcome =
  | { seeded: true; counts: DatasetCounts }
  | { seeded: false; reason: 'already-seeded' | 'database-not-empty' };

/**
 * Imports the bundled real dataset into an empty database, in one transaction, through the same
 * import service as uploads. Idempotent: a second start, or a second process starting at the
 * same moment, changes nothing.
 */
export async function seedDatabase(db: AppDb, seedFile: string): Promise<SeedOutcome> {
  const json: unknown = JSON.parse(await fs.readFile(seedFile, 'utf8'));
  const bundle = coralFutureDumpToBundle(json);
  return db.transaction().execute(async (trx) => {
    await datasetRepository.lockSeeding(trx);
    const state = await datasetRepository.datasetState(trx);
    if (state.seeded_at !== null) return { seeded: false, reason: 'already-seeded' } as const;
    if (await datasetRepository.hasAnyDataset(trx)) {
      return { seeded: false, reason: 'database-not-empty' } as const;
    }
    const counts = await importDataset(trx, bundle, { seeded: true });
    return { seeded: true, counts } as const;
  });
}
