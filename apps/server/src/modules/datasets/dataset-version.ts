import type { AppDb } from '../../db/database';
import { datasetRepository } from './dataset.repository';

export interface DatasetVersion {
  version: number;
  updatedAt: Date;
}

/** The version every cache of public data is keyed by, and the time of the newest change. */
export async function currentDatasetVersion(db: AppDb): Promise<DatasetVersion> {
  const state = await datasetRepository.datasetState(db);
  return { version: state.version, updatedAt: state.updated_at };
}
