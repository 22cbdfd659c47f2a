import {
  buildUploadBundle,
  FlagList,
  prepareUpload,
  speciesDistribution,
  THRESHOLD_KINDS,
  unusualForSpeciesFlags,
  type DatasetBundle,
  type DatasetCounts,
  type SpeciesDistribution,
  type UploadError,
  type UploadPlan,
} from '@coral/core';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/database';
import { importDataset } from '../datasets/dataset-import.service';
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

/** Test hooks: simulate a worker dying in the middle of the import transaction. */
export interface ProcessHooks {
  beforeCommit?: (trx: AppDb) => Promise<void>;
}

export type UploadOutcome =
  | {
      status: 'done' | 'failed';
      uploadId: number;
      message: string;
      counts: Record<string, unknown>;
      errors: UploadError[];
    }
  | { status: 'skipped'; uploadId: number; message: string };

const EMPTY_COUNTS: DatasetCounts = {
  projects: 0,
  publications: 0,
  experiments: 0,
  colonies: 0,
  biosamples: 0,
  observations: 0,
  thermal_tolerances: 0,
  breakpoint_temperatures: 0,
  thermal_limits: 0,
};

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
    if (error instanceof StoredFileMissingError || attempt.lastAttempt) {
      const message =
        error instanceof StoredFileMissingError
          ? `The upload could not be processed: ${reason}`
          : `The upload could not be processed after ${upload.attempts} attempt${upload.attempts === 1 ? '' : 's'} because of an error on the server. Nothing was imported. Please try again later or contact the administrators.`;
      await repo.finish(db, uploadId, { status: 'failed', message, counts: {} });
      if (error instanceof StoredFileMissingError) {
        return { status: 'failed', uploadId, message, counts: {}, errors: [] };
      }
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

  const prepared = prepareUpload(
    { name: upload.main_file_name, bytes: main },
    ed && upload.ed_file_name ? { name: upload.ed_file_name, bytes: ed } : null,
    { refitMaxColonies: config.uploads.refitMaxColonies },
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

  return db.transaction().execute(async (trx) => {
    const status = await repo.lockForImport(trx, upload.id);
    if (status !== 'processing') {
      return {
        status: 'skipped',
        uploadId: upload.id,
        message: `Upload ${upload.id} is already ${status}.`,
      } as const;
    }
    await repo.lockOwner(trx, upload.owner_id);
    const owner = await repo.usernameOf(trx, upload.owner_id);
    const [existing, mmm, ed50s] = [
      await repo.existingRows(trx, upload.owner_id, plan),
      await repo.mmmByLocation(trx, uniqueLocations(plan)),
      await repo.speciesEd50s(trx, [...new Set(plan.colonies.map((c) => c.species))]),
    ];
    const built = buildUploadBundle(plan, {
      ownerUsername: owner,
      existing,
      mmmAt: (latitude, longitude) => mmm.get(locationKey(latitude, longitude)) ?? null,
    });
    const common = {
      warnings: plan.warnings,
      columnMapping: [...plan.columnMapping, ...plan.edColumnMapping],
      format: plan.format,
    };
    if (built.conflicts.length > 0) {
      const message = `${failureMessage(built.conflicts.length)} The files contradict data you already stored.`;
      await repo.finish(trx, upload.id, {
        status: 'failed',
        message,
        counts: { rows: plan.rowCount, errors: built.conflicts.length },
        errors: built.conflicts,
        ...common,
      });
      return {
        status: 'failed',
        uploadId: upload.id,
        message,
        counts: {},
        errors: built.conflicts,
      } as const;
    }

    const distributions = new Map<string, SpeciesDistribution>();
    for (const [species, values] of ed50s) {
      const distribution = speciesDistribution(values);
      if (distribution) distributions.set(species, distribution);
    }
    const flags = new FlagList();
    flags.addAll(plan.flags);
    flags.addAll(built.flags);
    flags.addAll(unusualForSpeciesFlags(plan, distributions));

    const created = hasNewRows(built.bundle)
      ? await importDataset(trx, built.bundle, { uploadId: upload.id })
      : EMPTY_COUNTS;
    const flagList = flags.list();
    const flagCount = Object.values(flags.countsByCode()).reduce((a, b) => a + b, 0);
    const counts = {
      rows: plan.rowCount,
      ...created,
      unchanged_observations: built.unchanged.observations,
      unchanged_thresholds:
        built.unchanged.thermal_tolerances +
        built.unchanged.breakpoint_temperatures +
        built.unchanged.thermal_limits,
      flags: flagCount,
      flag_counts: flags.countsByCode(),
    };
    const message = doneMessage(plan, counts, flagCount);
    await hooks.beforeCommit?.(trx);
    await repo.finish(trx, upload.id, {
      status: 'done',
      message,
      counts,
      flags: flagList,
      projectIds: await projectIdsOf(trx, built.bundle, upload.id),
      ...common,
    });
    return { status: 'done', uploadId: upload.id, message, counts, errors: [] } as const;
  });
}

function failureMessage(errors: number): string {
  return `The upload was refused: ${errors} problem${errors === 1 ? '' : 's'} to fix (see the error report). Nothing was imported.`;
}

function doneMessage(
  plan: UploadPlan,
  counts: DatasetCounts & { unchanged_observations: number; unchanged_thresholds: number },
  flags: number,
): string {
  const thresholds =
    counts.thermal_tolerances + counts.breakpoint_temperatures + counts.thermal_limits;
  const projects = plan.projects.map((p) => `“${p.name}”`).join(', ');
  const flagText =
    flags === 0 ? 'no quality flags' : `${flags} quality flag${flags === 1 ? '' : 's'} to review`;
  if (
    counts.colonies + counts.biosamples + counts.observations + thresholds + counts.experiments ===
    0
  ) {
    return `Nothing new: every row of these files is already stored in ${projects}.`;
  }
  return `Imported into ${projects}: ${counts.colonies} new colonies, ${counts.observations} observations and ${thresholds} thermal thresholds; ${flagText}.`;
}

function hasNewRows(bundle: DatasetBundle): boolean {
  const lists = [
    bundle.projects,
    bundle.publications,
    bundle.experiments,
    bundle.colonies,
    bundle.biosamples,
    bundle.observations,
    ...THRESHOLD_KINDS.map((kind) => bundle.thresholds[kind]),
  ];
  return lists.some((list) => list.some((record: { existing?: boolean }) => !record.existing));
}

async function projectIdsOf(
  trx: AppDb,
  bundle: DatasetBundle,
  uploadId: number,
): Promise<number[]> {
  const existing = bundle.projects.flatMap((p) => (p.existing && p.id !== undefined ? [p.id] : []));
  const created = await trx
    .selectFrom('projects')
    .select('id')
    .where('upload_id', '=', uploadId)
    .execute();
  return [...new Set([...existing, ...created.map((p) => p.id)])].sort((a, b) => a - b);
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
