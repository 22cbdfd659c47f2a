import {
  quickCheckUpload,
  UPLOAD_QUEUED_MESSAGE,
  type TUploadAccepted,
  type TUploadDetail,
  type TUploadSummary,
  type UploadError,
} from '@coral/core';
import type { AppDb } from '../../db/database';
import { AppError, notFound } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { SessionUser } from '../auth/sessions.service';
import { discardUpload, keepUpload, type ReceivedFile } from './upload-storage';
import { uploadsRepository as repo, type UploadRow } from './uploads.repository';

export interface UploadedFile {
  /** The file name the browser sent. */
  name: string;
  file: ReceivedFile;
}

const UNIQUE_VIOLATION = '23505';

/** Accepting uploads (the API) and showing them to their owner. */
export function createUploadsService(db: AppDb, jobs: JobQueue, storageDir: string) {
  /**
   * Checks what can be checked at once (names, content, headers), then keeps the files and
   * records the upload as `queued` with its job on the queue, in one transaction. The same two
   * files from the same user are queued once: the answer then names the earlier upload.
   */
  async function acceptReceived(
    user: SessionUser,
    main: UploadedFile,
    ed: UploadedFile | null,
  ): Promise<TUploadAccepted> {
    const check = quickCheckUpload(
      { name: main.name, bytes: main.file.bytes, head: main.file.head },
      ed ? { name: ed.name, bytes: ed.file.bytes, head: ed.file.head } : null,
    );
    if (check.error) throw refused(check.error);
    const edSha = ed?.file.sha256 ?? null;
    const duplicate = await repo.findSameFiles(db, user.userId, main.file.sha256, edSha);
    if (duplicate) return duplicateAnswer(duplicate);
    // Started outside the transaction: on the embedded database the transaction holds the only
    // connection, and pg-boss's first start (installing its schema) needs one too.
    await jobs.start();
    const mainStored = await keepUpload(storageDir, main.file);
    const edStored = ed ? await keepUpload(storageDir, ed.file) : null;
    try {
      const uploadId = await db.transaction().execute(async (trx) => {
        const id = await repo.insert(trx, {
          ownerId: user.userId,
          main: { name: main.name, ...mainStored },
          ed: ed && edStored ? { name: ed.name, ...edStored } : null,
          format: check.format,
        });
        await jobs.enqueueUpload(trx, id);
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
      const first = await repo.findSameFiles(db, user.userId, main.file.sha256, edSha);
      if (!first) throw error;
      return duplicateAnswer(first);
    }
  }

  return {
    /** Received files are kept only when the upload is accepted; otherwise they are deleted. */
    async accept(
      user: SessionUser,
      main: UploadedFile,
      ed: UploadedFile | null,
    ): Promise<TUploadAccepted> {
      try {
        return await acceptReceived(user, main, ed);
      } finally {
        await discardUpload(main.file);
        await discardUpload(ed?.file);
      }
    },

    async list(user: SessionUser): Promise<TUploadSummary[]> {
      return (await repo.listByOwner(db, user.userId)).map(toSummary);
    },

    /** Another user's upload answers exactly like a missing one. */
    async get(user: SessionUser, uploadId: string): Promise<TUploadDetail> {
      const id = /^\d{1,9}$/.test(uploadId) ? Number(uploadId) : null;
      const row = id === null ? undefined : await repo.findForOwner(db, user.userId, id);
      if (!row) throw notFound(`Upload ${uploadId} not found.`);
      return toDetail(row);
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
  return {
    ...toSummary(row),
    errors: asArray(row.errors) as TUploadDetail['errors'],
    quality_flags: asArray(row.quality_flags) as TUploadDetail['quality_flags'],
    warnings: asArray(row.warnings) as TUploadDetail['warnings'],
    column_mapping: asArray(row.column_mapping) as TUploadDetail['column_mapping'],
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
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}
