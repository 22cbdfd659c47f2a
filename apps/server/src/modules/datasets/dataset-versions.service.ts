import {
  DATASET_STATES,
  distinctTitles,
  OPEN_STATES,
  PUBLIC_STATES,
  refusal,
  summarizeChanges,
  ZDatasetMetadata,
  type TCreator,
  type TDataSource,
  type TDatasetMetadata,
  type TUploadDatasetRequest,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { recordDatasetChange } from '../data-changes/data-changes.service';
import { datasetRepository as rowsRepository } from './dataset-rows.repository';
import { datasetStagingRepository as staging } from './dataset-staging.repository';
import { datasetTitlesRepository } from './dataset-titles.repository';
import {
  datasetsRepository as repo,
  type DatasetRow,
  type VersionRow,
} from './datasets.repository';

/**
 * How dataset versions come into being (an upload's import, the seed) and which one readers see
 * (docs/decisions/0012-datasets.md). Everything here runs in the caller's transaction.
 */

export const parseMetadata = (stored: unknown): TDatasetMetadata => ZDatasetMetadata.parse(stored);

/** The stored facts the lifecycle rules decide on. */
export function factsOf(dataset: DatasetRow, version: VersionRow, versions: readonly VersionRow[]) {
  return {
    state: version.state,
    ownerId: dataset.owner_id,
    withdrawn: dataset.withdrawn_at !== null,
    metadata: parseMetadata(version.metadata),
    everPublic: versions.some((v) => PUBLIC_STATES.includes(v.state)),
    hasOpenVersion: versions.some((v) => OPEN_STATES.includes(v.state)),
  };
}

/**
 * Why an upload cannot become what it asked for (a version of a dataset that is not the
 * uploader's, already has a version in preparation, was withdrawn, or lives in another project),
 * or null. Checked before anything is imported.
 */
export async function uploadRequestRefusal(
  db: AppDb,
  upload: { ownerId: number; projectName?: string; request: TUploadDatasetRequest },
): Promise<string | null> {
  const datasetId = upload.request.dataset_id;
  if (datasetId === null) return null;
  const dataset = await repo.findDataset(db, datasetId);
  if (!dataset || dataset.owner_id !== upload.ownerId) {
    return `There is no dataset ${datasetId} of yours to add a version to.`;
  }
  const versions = await repo.versions(db, dataset.id);
  const why = refusal(
    { userId: upload.ownerId, role: 'contributor' },
    'new_version',
    factsOf(dataset, versions.at(-1)!, versions),
  );
  if (why) return why;
  if (upload.projectName !== undefined && dataset.project_name !== upload.projectName) {
    return `Dataset ${dataset.id} belongs to the project “${dataset.project_name}”, but these files name “${upload.projectName}”. A new version keeps its dataset's project.`;
  }
  return null;
}

/**
 * A new dataset sent without creators: an uploader who linked an ORCID iD is its creator, with
 * the iD (decision 0029) and the name their ORCID record gives, so the citation and DataCite
 * metadata identify them from the start. Never under their username (decision 0050): without
 * a name from ORCID, or without a linked iD, none is invented (the owner adds the creators
 * before review). Creators the uploader sent are kept as sent.
 */
async function uploaderAsCreators(trx: AppDb, ownerId: number): Promise<TCreator[]> {
  const owner = await repo.userIdentity(trx, ownerId);
  return owner?.orcid && owner.orcid_name
    ? [{ name: owner.orcid_name, affiliation: null, orcid: owner.orcid }]
    : [];
}

/**
 * Why a dataset has no owner and is withdrawn while an upload's rows are imported into it in short
 * steps: nobody, its uploader included, may see a version before its import is complete
 * (docs/decisions/0059-embedded-database-no-freeze.md).
 */
export const IMPORTING_REASON = 'An upload is still being imported into it.';

/**
 * Where an upload's rows are imported before anyone may see them: version 1 of a staging dataset
 * in the upload's project (`placeUploadVersion` makes it the draft the upload asked for).
 */
export async function stageUploadVersion(
  trx: AppDb,
  upload: { uploadId: number; projectId: number },
): Promise<number> {
  const datasetId = await staging.insertStagingDataset(trx, upload.projectId, IMPORTING_REASON);
  return repo.insertVersion(trx, {
    datasetId,
    number: 1,
    state: 'draft',
    uploadId: upload.uploadId,
    metadata: ZDatasetMetadata.parse({}),
  });
}

/** Rows a failed import's clean-up deletes per statement. */
const DISCARD_STEP_ROWS = 2000;

/**
 * Removes what an unfinished import of the upload left (a failed attempt, or one whose worker was
 * killed): its staging datasets with every row, in short steps (`between` after each), and the
 * projects it created that nothing else refers to. Nobody could see any of it. Answers how many
 * staged versions were removed.
 */
export async function discardStagedImports(
  db: AppDb,
  uploadId: number,
  between: () => Promise<void>,
): Promise<number> {
  const staged = await staging.stagedVersionsOf(db, uploadId, IMPORTING_REASON);
  for (const { dataset_id, version_id } of staged) {
    for (const table of rowsRepository.versionRowTables()) {
      while (
        (await rowsRepository.deleteVersionRowsStep(db, table, version_id, DISCARD_STEP_ROWS)) > 0
      ) {
        await between();
      }
    }
    await rowsRepository.deletePublicationsOnlyOf(db, version_id);
    await repo.deleteDataset(db, dataset_id);
  }
  if (staged.length > 0) await rowsRepository.deleteUnusedProjectsOf(db, uploadId);
  return staged.length;
}

/** Uploads with an unfinished import left in a staging dataset. */
export const uploadsWithStagedImports = (db: AppDb) =>
  staging.uploadsWithStagedVersions(db, IMPORTING_REASON);

/**
 * Once every row is in, the staged version becomes the draft an upload's rows go into: version 1
 * of a new dataset in the upload's project (the staging dataset, now the uploader's), or the next
 * version of a dataset the uploader owns (same project, nothing in preparation). One short
 * transaction, the caller's: the rows become visible to their owner all at once.
 */
export async function placeUploadVersion(
  trx: AppDb,
  stagedVersionId: number,
  upload: {
    uploadId: number;
    ownerId: number;
    projectId: number;
    projectName: string;
    request: TUploadDatasetRequest;
  },
): Promise<void> {
  const { request } = upload;
  const staged = (await repo.versionById(trx, stagedVersionId))!;
  if (request.dataset_id === null) {
    const metadata = request.metadata ?? ZDatasetMetadata.parse({});
    await repo.updateVersion(trx, stagedVersionId, {
      metadata: {
        ...metadata,
        title: metadata.title || upload.projectName,
        creators:
          metadata.creators.length > 0
            ? metadata.creators
            : await uploaderAsCreators(trx, upload.ownerId),
      },
    });
    await staging.adoptStagingDataset(trx, staged.dataset_id, upload.ownerId);
    return;
  }
  // Checked before the import (uploadRequestRefusal); checked again under the dataset's lock.
  const dataset = await repo.lockDataset(trx, request.dataset_id);
  const why =
    dataset && (await uploadRequestRefusal(trx, { ...upload, projectName: dataset.project_name }));
  if (!dataset || why || dataset.project_id !== upload.projectId) {
    throw new Error(
      `Upload ${upload.uploadId} cannot become a version of dataset ${request.dataset_id}: ${why ?? 'its project changed'}`,
    );
  }
  const latest = (await repo.versions(trx, dataset.id)).at(-1)!;
  // Without new metadata, the version starts from the latest one's description (but not its
  // embargo); the owner edits what changed.
  await staging.moveVersion(trx, stagedVersionId, {
    datasetId: dataset.id,
    number: latest.number + 1,
    metadata: request.metadata ?? { ...parseMetadata(latest.metadata), embargo_until: null },
  });
  await repo.deleteDataset(trx, staged.dataset_id);
}

/**
 * After a version's rows are imported: what changed against the dataset's latest published
 * version, and the history entry of its creation.
 */
export async function recordImportedVersion(
  trx: AppDb,
  versionId: number,
  actorId: number | null,
): Promise<{ title: string; number: number }> {
  const version = (await repo.versionById(trx, versionId))!;
  const versions = await repo.versions(trx, version.dataset_id);
  const previous = versions
    .filter((v) => v.number < version.number && DATASET_STATES[v.state].publicData)
    .at(-1);
  if (previous) {
    const load = async (id: number) => ({
      colonies: await repo.versionColonies(trx, id),
      thresholds: (await repo.versionThresholds(trx, id)).map((t) => ({
        colonyName: t.colony_name,
        species: t.species,
        kind: t.kind,
        condition: t.condition,
        timepoint: t.timepoint,
        abs: t.abs_value,
      })),
    });
    const summary = summarizeChanges(await load(previous.id), await load(version.id));
    await repo.updateVersion(trx, version.id, { change_summary: summary });
  }
  await repo.insertEvent(trx, {
    datasetId: version.dataset_id,
    versionNumber: version.number,
    actorId,
    action: version.number === 1 ? 'created' : 'new_version',
  });
  return { title: parseMetadata(version.metadata).title, number: version.number };
}

/**
 * Points readers at the newest published version of the dataset (none once it is withdrawn), and
 * republishes the public read models when that changed anything they show.
 */
export async function refreshPublicVersion(trx: AppDb, datasetId: number): Promise<boolean> {
  const dataset = (await repo.findDataset(trx, datasetId))!;
  const versions = await repo.versions(trx, datasetId);
  const newest =
    dataset.withdrawn_at === null
      ? (versions.filter((v) => DATASET_STATES[v.state].publicData).at(-1)?.id ?? null)
      : null;
  if (newest === dataset.public_version_id) return false;
  await repo.setPublicVersion(trx, datasetId, newest);
  // The version readers saw and the one they see now: only their colonies changed.
  const changedVersionIds = [dataset.public_version_id, newest].filter((id) => id !== null);
  await recordDatasetChange(trx, { changedVersionIds });
  return true;
}

/**
 * The seed's version of one project (decision 0012): version 1, titled like the project, licence
 * not stated; published by `publishSeedVersions`. Its creators were not recorded where it comes
 * from (the source knows only the account that owned the project): the version says where it was
 * imported from and names no creator, so no citation credits an account (decision 0050).
 */
export async function createSeedVersion(
  trx: AppDb,
  projectId: number,
  importedFrom: TDataSource,
): Promise<number> {
  const project = (await repo.projectFacts(trx, projectId))!;
  const datasetId = await repo.insertDataset(trx, {
    projectId,
    ownerId: project.owner_id,
    createdAt: project.registration_date,
  });
  const metadata = ZDatasetMetadata.parse({
    title: project.name,
    description: project.description,
    creators: [],
    imported_from: importedFrom,
  });
  return repo.insertVersion(trx, {
    datasetId,
    number: 1,
    state: 'draft',
    uploadId: null,
    metadata,
    createdAt: project.registration_date,
  });
}

/** Same-named imported versions are titled apart by their sites, countries or years. */
async function giveDistinctTitles(trx: AppDb, versionIds: readonly number[]): Promise<void> {
  const facts = await datasetTitlesRepository.titleFacts(trx, versionIds);
  const titles = distinctTitles(facts.map((row) => ({ key: row.version_id, ...row })));
  for (const row of facts) {
    const title = titles.get(row.version_id)!;
    if (title !== row.title) {
      await datasetTitlesRepository.setVersionTitle(trx, row.version_id, title);
    }
  }
}

export async function publishSeedVersions(
  trx: AppDb,
  versionIds: readonly number[],
  importedFrom: TDataSource,
) {
  await giveDistinctTitles(trx, versionIds);
  for (const id of versionIds) {
    const version = (await repo.versionById(trx, id))!;
    await repo.publishImported(trx, id, 'published');
    await repo.setPublicVersion(trx, version.dataset_id, id);
    await repo.insertEvent(trx, {
      datasetId: version.dataset_id,
      versionNumber: version.number,
      actorId: null,
      action: 'published',
      message: `Imported from the ${importedFrom.name}, where it was public.`,
    });
  }
}
