import type { TDatasetMetadataInput, TUploadAccepted, TUploadDetail } from '@coral/core';
import type { AppDb } from '../src/db/schema';
import { processUpload } from '../src/modules/uploads/upload-processor';
import { createDatasetsService } from '../src/modules/datasets/datasets.service';
import { usersService } from '../src/modules/users/users.service';
import { createUser, type TestAgent } from './auth-client';
import type { TestContext } from './test-app';
import { datasheet, upload } from './upload-test-helpers';

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
  return datasets.approve(await curator(db), String(datasetId), version, 'Quality flags checked.');
}

/**
 * cbass_84.csv as another study would send it: its own project name, colony names and species
 * (so a leak of these rows into a public answer is visible by name), optionally every colony's
 * ED50 set to `ed50` (so a leak into statistics or max-min ranges is visible by value). A new
 * version of a dataset names the dataset's project (`project`).
 */
export function studyVariant(label: string, options: { ed50?: number; project?: string } = {}) {
  const lines = datasheet('cbass_84.csv').toString('utf8').trimEnd().split('\n');
  const [header, ...rows] = lines;
  const columns = header!.split(',');
  const at = (name: string) => columns.indexOf(name);
  const changed = rows.map((line) => {
    const cells = line.split(',');
    if (cells.length !== columns.length) throw new Error('cbass_84.csv gained a quoted comma');
    cells[at('Project.name')] = options.project ?? `${label} study`;
    cells[at('Colony.name')] = `${label}-${cells[at('Colony.name')]}`;
    cells[at('Colony.species')] = `${label}ia secreta`;
    if (options.ed50 !== undefined) cells[at('Colony.ed50_value')] = String(options.ed50);
    return cells.join(',');
  });
  return { filename: `${label}.csv`, content: [header, ...changed].join('\n') + '\n' };
}

/**
 * Uploads a file through the API and runs its job as the worker would; answers the dataset
 * version the upload became (a draft of the uploader's).
 */
export async function uploadDraft(
  ctx: TestContext,
  agent: TestAgent,
  main: { filename: string; content: Buffer | string },
  fields: Record<string, string> = {},
): Promise<{ uploadId: number; datasetId: number; version: number }> {
  const response = await upload(agent, main, null, fields);
  if (response.statusCode !== 202) throw new Error(`upload refused: ${response.body}`);
  const { upload_id: uploadId } = response.json<TUploadAccepted>();
  await processUpload({ db: ctx.database.db, config: ctx.config }, uploadId);
  const detail = (
    await agent.request({ url: `/api/auth/uploads/${uploadId}/` })
  ).json<TUploadDetail>();
  if (!detail.dataset) throw new Error(`upload ${uploadId} made no dataset: ${detail.message}`);
  return { uploadId, datasetId: detail.dataset.id, version: detail.dataset.version };
}
