import type { Readable } from 'node:stream';
import {
  groupUploadErrors,
  quickCheckUpload,
  UPLOAD_ED50_FIELD,
  UPLOAD_MAIN_FIELD,
  UPLOAD_QUEUED_MESSAGE,
  type TUploadAccepted,
  type TUploadDetail,
  type TUploadSummary,
  type TUploadDatasetRequest,
  type UploadError,
  ZUploadDatasetRequest,
} from '@coral/core';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import { queueUploadImport } from './upload-import.job';
import type { SessionUser } from '../../plugins/authentication';
import {
  discardUpload,
  FileTooLargeError,
  fileTooLarge,
  keepUpload,
  receiveUpload,
  type ReceivedFile,
} from './upload-storage';
import { uploadsRepository as repo, type UploadRow } from './uploads.repository';
import { uploadRequestRefusal } from '../datasets/dataset-versions.service';
import { taxonQualityFlags, uploadTaxa, type TaxonSummary } from '../taxa/taxa.service';

/** What an upload without dataset fields becomes: a draft of a new dataset. */
const NEW_DATASET: TUploadDatasetRequest = { dataset_id: null, metadata: null };

/**
 * The two files of an upload, by their multipart field (product-spec §7), as messages name them.
 */
export const UPLOAD_FILE_LABELS = {
  [UPLOAD_MAIN_FIELD]: 'main data file',
  [UPLOAD_ED50_FIELD]: 'ED50 results file',
} as const;
export type UploadFileField = keyof typeof UPLOAD_FILE_LABELS;

export interface UploadedFile {
  /** The file name the browser sent (or the file's name on the command line). */
  name: string;
  file: ReceivedFile;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Uploads: the one intake of datasets (the API's multipart upload and the CLI's `import` both
 * go through receive() and accept(), so they check, store, deduplicate, record and queue alike)
 * and showing uploads to their owner.
 */
export function createUploadsService(
  db: AppDb,
  jobs: JobQueue,
  settings: Pick<AppConfig['uploads'], 'storageDir' | 'maxBytes'>,
) {
  const { storageDir, maxBytes } = settings;

  /**
   * Checks what can be checked at once (names, content, headers), then keeps the files and
   * records the upload as `queued` with its job on the queue, in one transaction. The same two
   * files from the same user are queued once: the answer then names the earlier upload.
   */
  async function acceptReceived(
    ownerId: number,
    main: UploadedFile,
    ed: UploadedFile | null,
    target: TUploadDatasetRequest,
  ): Promise<TUploadAccepted> {
    const check = quickCheckUpload(
      { name: main.name, bytes: main.file.bytes, head: main.file.head },
      ed ? { name: ed.name, bytes: ed.file.bytes, head: ed.file.head } : null,
    );
    if (check.error) throw refused(check.error);
    // A version of a dataset that cannot take one is refused now, not after the queue.
    const problem = await uploadRequestRefusal(db, { ownerId, request: target });
    if (problem) throw new AppError(409, 'CONFLICT', problem);
    const edSha = ed?.file.sha256 ?? null;
    const duplicate = await repo.findSameFiles(db, ownerId, main.file.sha256, edSha);
    if (duplicate) return duplicateAnswer(duplicate);
    // Started outside the transaction: on the embedded database the transaction holds the only
    // connection, and pg-boss's first start (installing its schema) needs one too.
    await jobs.start();
    const mainStored = await keepUpload(storageDir, main.file);
    const edStored = ed ? await keepUpload(storageDir, ed.file) : null;
    try {
      const uploadId = await db.transaction().execute(async (trx) => {
        const id = await repo.insert(trx, {
          ownerId,
          main: { name: main.name, ...mainStored },
          ed: ed && edStored ? { name: ed.name, ...edStored } : null,
          format: check.format,
          datasetRequest: target,
        });
        await queueUploadImport(jobs, trx, id);
        return id;
      });
      jobs.wake();
      return {
        message: UPLOAD_QUEUED_MESSAGE,
        upload_id: uploadId,
        status: 'queued',
        duplicate: false,
      };
    } catch (error) {
      // Two identical uploads at the same moment: the second one finds the first.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      const first = await repo.findSameFiles(db, ownerId, main.file.sha256, edSha);
      if (!first) throw error;
      return duplicateAnswer(first);
    }
  }

  /** One upload of its owner (another user's upload answers exactly like a missing one). */
  async function detail(ownerId: number, uploadId: number | string): Promise<TUploadDetail> {
    const id = typeof uploadId === 'number' || /^\d{1,9}$/.test(uploadId) ? Number(uploadId) : null;
    const row = id === null ? undefined : await repo.findForOwner(db, ownerId, id);
    if (!row) throw notFound(`Upload ${uploadId} not found.`);
    return withTaxonFlags(toDetail(row), await uploadTaxa(db, row.id));
  }

  return {
    /**
     * Receives one file into temporary storage, hashed and counted on the way; a file over
     * UPLOAD_MAX_BYTES is refused (413, naming the file). Nothing is kept until accept().
     */
    async receive(field: UploadFileField, name: string, content: Readable): Promise<UploadedFile> {
      try {
        return { name, file: await receiveUpload(storageDir, content, maxBytes) };
      } catch (error) {
        if (error instanceof FileTooLargeError) {
          throw fileTooLarge(UPLOAD_FILE_LABELS[field], maxBytes);
        }
        throw error;
      }
    },

    /** The refusal of a file over UPLOAD_MAX_BYTES (413). */
    tooLarge(label: string): AppError {
      return fileTooLarge(label, maxBytes);
    },

    /** Forgets received files that will not be accepted. */
    async discard(...files: (UploadedFile | null | undefined)[]): Promise<void> {
      await Promise.all(files.map((f) => discardUpload(f?.file)));
    },

    /**
     * The intake: received files are kept only when the upload is accepted; otherwise (refused,
     * duplicate) they are deleted.
     */
    async accept(
      ownerId: number,
      main: UploadedFile,
      ed: UploadedFile | null,
      target: TUploadDatasetRequest = NEW_DATASET,
    ): Promise<TUploadAccepted> {
      try {
        return await acceptReceived(ownerId, main, ed, target);
      } finally {
        await discardUpload(main.file);
        await discardUpload(ed?.file);
      }
    },

    detail,

    /**
     * What the optional text fields of the upload ask for: `dataset_id` (a new version of that
     * dataset) and `metadata` (JSON). Without them, a new dataset.
     */
    datasetRequest(
      fields: Record<string, string>,
    ): { ok: true; request: TUploadDatasetRequest } | { ok: false; error: AppError } {
      let metadata: unknown = null;
      if (fields.metadata !== undefined && fields.metadata.trim() !== '') {
        try {
          metadata = JSON.parse(fields.metadata);
        } catch {
          return {
            ok: false,
            error: new AppError(400, 'VALIDATION_FAILED', 'The metadata field is not valid JSON.'),
          };
        }
      }
      const parsed = ZUploadDatasetRequest.safeParse({
        dataset_id: fields.dataset_id?.trim() ? fields.dataset_id : null,
        metadata,
      });
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: issue.message,
        }));
        return {
          ok: false,
          error: new AppError(
            400,
            'VALIDATION_FAILED',
            `The dataset description is not valid: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`,
            issues,
          ),
        };
      }
      return { ok: true, request: parsed.data };
    },

    async list(user: SessionUser): Promise<TUploadSummary[]> {
      return (await repo.listByOwner(db, user.userId)).map(toSummary);
    },

    async get(user: SessionUser, uploadId: string): Promise<TUploadDetail> {
      return detail(user.userId, uploadId);
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;

function duplicateAnswer(existing: {
  id: number;
  status: TUploadAccepted['status'];
}): TUploadAccepted {
  return {
    message: `These files were already uploaded (upload #${existing.id}, ${existing.status}); nothing new was queued.`,
    upload_id: existing.id,
    status: existing.status,
    duplicate: true,
  };
}

function refused(error: UploadError): AppError {
  return new AppError(400, 'VALIDATION_FAILED', `${error.problem} ${error.fix}`.trim(), [error]);
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function toDetail(row: UploadRow): TUploadDetail {
  const errors = asArray(row.errors) as TUploadDetail['errors'];
  return {
    ...toSummary(row),
    errors,
    error_groups: groupUploadErrors(errors),
    quality_flags: asArray(row.quality_flags) as TUploadDetail['quality_flags'],
    warnings: asArray(row.warnings) as TUploadDetail['warnings'],
    column_mapping: asArray(row.column_mapping) as TUploadDetail['column_mapping'],
  };
}

/**
 * The report with the flags of its species names (WoRMS near match, not in WoRMS): they come
 * from the worker's matching, after the import, so they are added when the report is read
 * (docs/decisions/0049-taxon-matching.md) and counted with the others.
 */
export function withTaxonFlags(
  detail: TUploadDetail,
  taxa: readonly TaxonSummary[],
): TUploadDetail {
  const flags = taxonQualityFlags(taxa);
  if (flags.length === 0) return detail;
  const flagCounts: Record<string, number> = { ...detail.counts.flag_counts };
  for (const flag of flags) flagCounts[flag.code] = (flagCounts[flag.code] ?? 0) + 1;
  return {
    ...detail,
    counts: {
      ...detail.counts,
      flags: (detail.counts.flags ?? 0) + flags.length,
      flag_counts: flagCounts,
    },
    quality_flags: [...detail.quality_flags, ...flags],
  };
}

export function toSummary(row: UploadRow): TUploadSummary {
  return {
    id: row.id,
    status: row.status,
    main_file_name: row.main_file_name,
    main_file_bytes: Number(row.main_file_bytes),
    ed_file_name: row.ed_file_name,
    ed_file_bytes: row.ed_file_bytes === null ? null : Number(row.ed_file_bytes),
    format: row.format,
    attempts: row.attempts,
    message: row.message,
    counts: row.counts ?? {},
    project_ids: row.project_ids ?? [],
    dataset:
      row.dataset_id === null || row.dataset_number === null
        ? null
        : {
            id: row.dataset_id,
            version: row.dataset_number,
            title: row.dataset_title ?? '',
            project:
              row.project_id === null ? null : { id: row.project_id, name: row.project_name ?? '' },
          },
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}
