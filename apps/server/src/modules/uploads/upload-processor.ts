import {
  buildUploadBundleInParts,
  FlagList,
  speciesDistribution,
  thresholdTotal,
  unusualForSpeciesFlags,
  ZUploadDatasetRequest,
  type DatasetBundle,
  type DatasetCounts,
  type SpeciesDistribution,
  type UploadError,
  type UploadPlan,
  uploadBundleProjects,
} from '@coral/core';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/schema';
import { UPLOAD_IMPORT_JOB } from '../../jobs/job-definitions';
import {
  IMPORT_PART_ITEMS,
  importBodyInShortSteps,
  importHead,
} from '../datasets/dataset-import.service';
import {
  discardStagedImports,
  placeUploadVersion,
  recordImportedVersion,
  stageUploadVersion,
  uploadRequestRefusal,
  uploadsWithStagedImports,
} from '../datasets/dataset-versions.service';
import { prepareUploadInThread, UploadTooLargeToCheckError } from './prepare-upload-thread';
import { readStoredUpload, StoredFileMissingError } from './upload-storage';
import { locationKey, uploadsRepository as repo, type UploadRow } from './uploads.repository';

export interface ProcessorDependencies {
  db: AppDb;
  config: AppConfig;
}

export interface AttemptInfo {
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows when this attempt fails unexpectedly. */
  lastAttempt: boolean;
}

/**
 * Test hooks: simulate a worker dying in the middle of the import's steps (`afterStep`, with the
 * number of steps written so far) or in its last transaction (`beforeCommit`), or look at what
 * happens while the bundle is built (`whileBuilding`).
 */
export interface ProcessHooks {
  afterStep?: (step: number) => Promise<void>;
  /** Between two parts of building the bundle (before the import's first transaction). */
  whileBuilding?: () => Promise<void>;
  /** Records per part of that building (IMPORT_PART_ITEMS): smaller, a small sheet has several. */
  partItems?: number;
  beforeCommit?: (trx: AppDb) => Promise<void>;
}

/**
 * Rows of an import's first step (docs/decisions/0059-embedded-database-no-freeze.md; the next
 * are sized by time): on the embedded database a statement holds its one connection and the
 * server's thread, so requests wait at most one step (tens of milliseconds), not the import.
 */
export const IMPORT_FIRST_STEP_ROWS = 1000;

/** Lets the requests waiting for the event loop and the connection go first. */
const letRequestsThrough = () => new Promise<void>((resolve) => setImmediate(resolve));

export type UploadOutcome =
  | {
      status: 'done' | 'failed';
      uploadId: number;
      message: string;
      counts: Record<string, unknown>;
      errors: UploadError[];
    }
  | { status: 'skipped'; uploadId: number; message: string };

/**
 * One attempt at an upload (the job handler and the CLI): read the stored files, validate and
 * quality-check them, and import everything in one transaction owned by the uploader, finishing
 * with status `done` in the same transaction, or record `failed` with the row-level report.
 * Bad data fails at once (retrying cannot help); an unexpected error is rethrown after the
 * upload is put back in the queue, so the job is retried; a worker killed half-way leaves no rows
 * behind (the transaction never committed) and the retry starts from the files again.
 */
export async function processUpload(
  deps: ProcessorDependencies,
  uploadId: number,
  attempt: AttemptInfo = { attempt: 1, lastAttempt: true },
  hooks: ProcessHooks = {},
): Promise<UploadOutcome> {
  const { db } = deps;
  const upload = await repo.markProcessing(db, uploadId);
  if (!upload) {
    const current = await repo.findById(db, uploadId);
    return {
      status: 'skipped',
      uploadId,
      message: current
        ? `Upload ${uploadId} is already ${current.status}.`
        : `Upload ${uploadId} does not exist.`,
    };
  }
  try {
    return await runAttempt(deps, upload, hooks);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Retrying cannot bring a file back, nor make a file need less memory to check.
    const hopeless =
      error instanceof StoredFileMissingError || error instanceof UploadTooLargeToCheckError;
    if (hopeless || attempt.lastAttempt) {
      const message = hopeless
        ? `The upload could not be processed: ${reason}`
        : `The upload could not be processed after ${upload.attempts} attempt${upload.attempts === 1 ? '' : 's'} because of an error on the server. Nothing was imported. Please try again later or contact the administrators.`;
      await repo.finish(db, uploadId, { status: 'failed', message, counts: {} });
      if (hopeless) return { status: 'failed', uploadId, message, counts: {}, errors: [] };
    } else {
      await repo.requeue(
        db,
        uploadId,
        `Attempt ${upload.attempts} failed on the server (nothing was imported); it will be retried automatically.`,
      );
    }
    throw error;
  }
}

async function runAttempt(
  deps: ProcessorDependencies,
  upload: UploadRow,
  hooks: ProcessHooks,
): Promise<UploadOutcome> {
  const { db, config } = deps;
  const storage = config.uploads.storageDir;
  const main = await readStoredUpload(storage, upload.main_file_path, upload.main_file_sha256);
  const ed =
    upload.ed_file_path && upload.ed_file_sha256
      ? await readStoredUpload(storage, upload.ed_file_path, upload.ed_file_sha256)
      : null;

  const prepared = await prepareUploadInThread(
    {
      main: { name: upload.main_file_name, bytes: main },
      ed: ed && upload.ed_file_name ? { name: upload.ed_file_name, bytes: ed } : null,
      options: { refitMaxColonies: config.uploads.refitMaxColonies },
    },
    { maxHeapMb: config.uploads.checkMaxHeapMb },
  );
  if (!prepared.ok) {
    const message = failureMessage(prepared.errors.length);
    await repo.finish(db, upload.id, {
      status: 'failed',
      message,
      counts: { rows: prepared.rowCount, errors: prepared.errors.length },
      errors: prepared.errors,
      warnings: prepared.warnings,
      columnMapping: prepared.columnMapping,
      format: prepared.format,
    });
    return { status: 'failed', uploadId: upload.id, message, counts: {}, errors: prepared.errors };
  }
  const { plan } = prepared;
  // What an earlier attempt left (its worker was killed half-way) goes first; nobody saw it.
  await discardStagedImports(db, upload.id, letRequestsThrough);

  // The bundle and its flags are built before the first transaction, in parts with a turn of
  // the event loop between them: built inside it, they held the server's thread for half a
  // second and the embedded database's one session for as long
  // (docs/decisions/0069-embedded-database-in-a-thread.md). What they read does not need the
  // upload's locks: usernames never change, and the MMMs and ED50s of other datasets are read
  // as any check would read them. The uploader's existing project is looked up in the head.
  const owner = await repo.usernameOf(db, upload.owner_id);
  const mmm = await repo.mmmByLocation(db, uniqueLocations(plan));
  const ed50s = await repo.speciesEd50s(db, [...new Set(plan.colonies.map((c) => c.species))]);
  const built = await buildUploadBundleInParts(
    plan,
    {
      ownerUsername: owner,
      existingProjects: new Map(),
      mmmAt: (latitude, longitude) => mmm.get(locationKey(latitude, longitude)) ?? null,
    },
    hooks.partItems ?? IMPORT_PART_ITEMS,
    async () => {
      await hooks.whileBuilding?.();
      await letRequestsThrough();
    },
  );
  const distributions = new Map<string, SpeciesDistribution>();
  for (const [species, values] of ed50s) {
    const distribution = speciesDistribution(values);
    if (distribution) distributions.set(species, distribution);
  }
  const flags = new FlagList();
  flags.addAll(plan.flags);
  flags.addAll(built.flags);
  flags.addAll(unusualForSpeciesFlags(plan, distributions));
  const rowCount = plan.rowCount;

  // The head: checks, the project and the staged version, in one short transaction.
  const started = await db.transaction().execute(async (trx) => {
    const status = await repo.lockForImport(trx, upload.id);
    if (status !== 'processing') {
      const outcome: UploadOutcome = {
        status: 'skipped',
        uploadId: upload.id,
        message: `Upload ${upload.id} is already ${status}.`,
      };
      return { outcome };
    }
    await repo.lockOwner(trx, upload.owner_id);
    const common = {
      warnings: plan.warnings,
      columnMapping: [...plan.columnMapping, ...plan.edColumnMapping],
      format: plan.format,
    };
    const fail = async (errors: UploadError[], message = failureMessage(errors.length)) => {
      await repo.finish(trx, upload.id, {
        status: 'failed',
        message,
        counts: { rows: plan.rowCount, errors: errors.length },
        errors,
        ...common,
      });
      const outcome: UploadOutcome = {
        status: 'failed',
        uploadId: upload.id,
        message,
        counts: {},
        errors,
      };
      return { outcome };
    };

    // One upload is one dataset version, and a dataset lives in one project (decision 0012).
    if (plan.projects.length !== 1) return fail([oneProjectError(plan)]);
    const project = plan.projects[0]!;
    const request = ZUploadDatasetRequest.parse((await repo.datasetRequest(trx, upload.id)) ?? {});
    const requestProblem = await uploadRequestRefusal(trx, {
      ownerId: upload.owner_id,
      projectName: project.name,
      request,
    });
    if (requestProblem) {
      return fail([
        {
          file: 'main',
          row: null,
          column: null,
          value: request.dataset_id === null ? null : String(request.dataset_id),
          problem: requestProblem,
          fix: 'Upload the files as a new dataset, or as a version of another dataset of yours.',
        },
      ]);
    }

    // Under the owner's lock: two uploads naming the same new project cannot both create it.
    const existingProjects = await repo.ownProjects(trx, upload.owner_id, [project.name]);
    built.bundle.projects = uploadBundleProjects(plan, { ownerUsername: owner, existingProjects });

    let versionId: number | null = null;
    let projectId: number | null = null;
    const head = await importHead(trx, built.bundle, {
      uploadId: upload.id,
      versionForProject: async (id) => {
        projectId = id;
        versionId = await stageUploadVersion(trx, { uploadId: upload.id, projectId: id });
        return versionId;
      },
    });
    return {
      outcome: null,
      head,
      bundle: built.bundle,
      common,
      request,
      project: { id: projectId!, name: project.name },
      versionId: versionId!,
    };
  });
  if (started.outcome) return started.outcome;
  const { head, bundle, common, request, project, versionId } = started;

  try {
    // The body: every other row, in short steps, into the staged version nobody sees.
    let steps = 0;
    const created = await importBodyInShortSteps(db, head, IMPORT_FIRST_STEP_ROWS, async () => {
      await hooks.afterStep?.(++steps);
      await letRequestsThrough();
    });

    // The end: the staged version becomes the uploader's draft, all at once.
    const finished = await db.transaction().execute(async (trx): Promise<UploadOutcome> => {
      const status = await repo.lockForImport(trx, upload.id);
      if (status !== 'processing') {
        return {
          status: 'skipped',
          uploadId: upload.id,
          message: `Upload ${upload.id} is already ${status}.`,
        };
      }
      await repo.lockOwner(trx, upload.owner_id);
      await placeUploadVersion(trx, versionId, {
        uploadId: upload.id,
        ownerId: upload.owner_id,
        projectId: project.id,
        projectName: project.name,
        request,
      });
      const version = await recordImportedVersion(trx, versionId, upload.owner_id);
      await repo.setDatasetVersion(trx, upload.id, versionId);
      const flagList = flags.list();
      const flagCount = Object.values(flags.countsByCode()).reduce((a, b) => a + b, 0);
      const counts = {
        rows: rowCount,
        ...created,
        flags: flagCount,
        flag_counts: flags.countsByCode(),
      };
      const message = doneMessage(version, counts, flagCount);
      await hooks.beforeCommit?.(trx);
      await repo.finish(trx, upload.id, {
        status: 'done',
        message,
        counts,
        flags: flagList,
        projectIds: await projectIdsOf(trx, bundle, upload.id),
        ...common,
      });
      return { status: 'done', uploadId: upload.id, message, counts, errors: [] };
    });
    if (finished.status === 'skipped') {
      await discardStagedImports(db, upload.id, letRequestsThrough);
    }
    return finished;
  } catch (error) {
    // Nothing of it was visible; what it wrote goes now (or, when the database itself failed, at
    // the next attempt's start).
    await discardStagedImports(db, upload.id, letRequestsThrough).catch(() => undefined);
    throw error;
  }
}

function oneProjectError(plan: UploadPlan): UploadError {
  const names = plan.projects.map((p) => `“${p.name}”`).join(', ');
  return {
    file: 'main',
    row: null,
    column: null,
    value: null,
    problem:
      plan.projects.length === 0
        ? 'The file names no project.'
        : `The file names ${plan.projects.length} projects (${names}); an upload is one dataset, and a dataset belongs to one project.`,
    fix: 'Upload the rows of each project as a file of their own.',
  };
}

function failureMessage(errors: number): string {
  return `The upload was refused: ${errors} problem${errors === 1 ? '' : 's'} to fix (see the error report). Nothing was imported.`;
}

function doneMessage(
  version: { title: string; number: number },
  counts: DatasetCounts,
  flags: number,
): string {
  const flagText =
    flags === 0 ? 'no quality flags' : `${flags} quality flag${flags === 1 ? '' : 's'} to review`;
  // A new version starts with its predecessor's description and licence (decision 0048).
  const next =
    version.number > 1
      ? `its description and licence are carried over from version ${version.number - 1}; check them`
      : 'complete its description and licence';
  return `Imported as a draft of the dataset “${version.title}” (version ${version.number}): ${counts.colonies} colonies, ${counts.observations} observations and ${thresholdTotal(counts)} thermal thresholds; ${flagText}. Only you can see it: ${next}, then submit it for review.`;
}

async function projectIdsOf(
  trx: AppDb,
  bundle: DatasetBundle,
  uploadId: number,
): Promise<number[]> {
  const existing = bundle.projects.flatMap((p) => (p.existing && p.id !== undefined ? [p.id] : []));
  const created = await repo.projectIdsCreatedBy(trx, uploadId);
  return [...new Set([...existing, ...created])].sort((a, b) => a - b);
}

function uniqueLocations(plan: UploadPlan) {
  const seen = new Map<string, { latitude: number; longitude: number }>();
  for (const colony of plan.colonies) {
    seen.set(locationKey(colony.latitude, colony.longitude), {
      latitude: colony.latitude,
      longitude: colony.longitude,
    });
  }
  return [...seen.values()];
}

/**
 * An upload still `queued` or `processing` long after its job has finished or vanished (every
 * attempt killed, or a CLI import killed) is marked failed, so its owner is never left waiting;
 * what the imports of failed uploads left in staging datasets (nobody sees it) is removed.
 * Returns how many were marked failed.
 */
export async function reconcileUploads(db: AppDb, config: AppConfig): Promise<number> {
  const failed = await repo.failAbandoned(db, {
    graceSeconds: config.uploads.jobTimeoutSeconds * 2,
    queue: UPLOAD_IMPORT_JOB.queue,
  });
  for (const uploadId of await uploadsWithStagedImports(db)) {
    const current = await repo.findById(db, uploadId);
    if (current?.status !== 'processing') {
      await discardStagedImports(db, uploadId, letRequestsThrough);
    }
  }
  return failed;
}
