import type { TDatasetMetadataInput } from '@coral/core';
import type { AppDb } from '../src/db/database';
import { createDatasetsService } from '../src/modules/datasets/datasets.service';
import { usersService } from '../src/modules/users/users.service';
import { createUser } from './auth-client';

/** Metadata that can be submitted (licence, description, a creator). */
export const COMPLETE_METADATA: TDatasetMetadataInput = {
  title: 'A test dataset',
  description: 'CBASS assays uploaded by a test.',
  creators: [{ name: 'Ann Example', orcid: '0000-0002-1825-0097' }],
  licence: 'CC-BY-4.0',
};

/** A curator account (created once per database), as the datasets service sees it. */
export async function curator(db: AppDb, username = 'curator') {
  const existing = await usersService.find(db, username);
  const id = existing?.id ?? (await createUser(db, username));
  await usersService.setRole(db, username, 'curator');
  return { userId: id, role: 'curator' as const };
}

/**
 * Takes a dataset's open version through review to publication, as its owner and a curator
 * would on the pages: complete metadata, submit, approve.
 */
export async function publishDataset(
  db: AppDb,
  datasetId: number,
  ownerId: number,
  metadata: TDatasetMetadataInput = COMPLETE_METADATA,
) {
  const datasets = createDatasetsService(db, { publicUrl: 'http://platform.test' });
  const owner = { userId: ownerId, role: 'contributor' as const };
  const detail = await datasets.privateDetail(owner, String(datasetId));
  const version = String(detail.version.number);
  await datasets.editMetadata(owner, String(datasetId), version, metadata);
  await datasets.submit(owner, String(datasetId), version);
  return datasets.approve(await curator(db), String(datasetId), version, '');
}
