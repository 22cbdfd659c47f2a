import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSV_TYPE_MESSAGES,
  UPLOAD_ED50_FIELD,
  UPLOAD_MAIN_FIELD,
  ZErrorResponse,
  ZUploadAccepted,
  ZUploadDetail,
  ZUploadList,
} from '@coral/core';
import { AppError } from '../../errors';
import type { Authenticator } from '../../plugins/authentication';
import { discardUpload, FileTooLargeError, fileTooLarge, receiveUpload } from './upload-storage';
import type { UploadedFile, UploadsService } from './uploads.service';

export interface UploadsRoutesOptions {
  uploads: UploadsService;
  authenticator: Authenticator;
  maxBytes: number;
  storageDir: string;
}

const FIELD_LABELS = {
  [UPLOAD_MAIN_FIELD]: 'main data file',
  [UPLOAD_ED50_FIELD]: 'ED50 results file',
} as const;
type FileField = keyof typeof FIELD_LABELS;
const isFileField = (name: string): name is FileField => name in FIELD_LABELS;

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
};

/**
 * Uploads (spec §7 Upload): a logged-in user sends the main data file and the ED50 results file
 * as multipart; the answer comes at once (queued) and the user follows the upload's status.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, options) => {
  const { uploads, authenticator, maxBytes, storageDir } = options;
  await app.register(multipart, {
    // One byte more than allowed, so that receiveUpload sees (and names) a file that is too big.
    limits: { fileSize: maxBytes + 1, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
  });
  app.addHook('onRequest', authenticator.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/api/auth/upload-csv/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a dataset: main data file (csv_file) and ED50 results file (ed50_file)',
        description:
          'multipart/form-data with the files csv_file (standard schema or raw CBASS) and ed50_file ' +
          '(ED results; optional for a standard-schema file whose ED50s are inline). Names, content ' +
          'and headers are checked at once (400); each file is limited to UPLOAD_MAX_BYTES (413). ' +
          'The upload is queued (202) and processed by a worker: follow it at /api/auth/uploads/{id}/. ' +
          'The same two files again answer 200 with the earlier upload (duplicate: true).',
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadAccepted, 202: ZUploadAccepted, ...errors },
      },
    },
    async (request, reply) => {
      const user = await authenticator.user(request);
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the files as multipart/form-data in the fields ${UPLOAD_MAIN_FIELD} and ${UPLOAD_ED50_FIELD}.`,
        );
      }
      const received: Partial<Record<FileField, UploadedFile>> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const field = part.fieldname;
          if (!isFileField(field) || received[field]) {
            part.file.resume();
            continue;
          }
          try {
            received[field] = {
              name: part.filename,
              file: await receiveUpload(storageDir, part.file, maxBytes),
            };
          } catch (error) {
            if (error instanceof FileTooLargeError) {
              throw fileTooLarge(FIELD_LABELS[field], maxBytes);
            }
            throw error;
          }
        }
      } catch (error) {
        await Promise.all(Object.values(received).map((f) => discardUpload(f.file)));
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw fileTooLarge('file', maxBytes);
        }
        throw error;
      }
      const main = received[UPLOAD_MAIN_FIELD];
      if (!main) {
        await discardUpload(received[UPLOAD_ED50_FIELD]?.file);
        throw new AppError(400, 'VALIDATION_FAILED', CSV_TYPE_MESSAGES.main);
      }
      const answer = await uploads.accept(user, main, received[UPLOAD_ED50_FIELD] ?? null);
      return reply.status(answer.duplicate ? 200 : 202).send(answer);
    },
  );

  app.get(
    '/api/auth/uploads/',
    {
      schema: {
        tags: ['uploads'],
        summary: "The logged-in user's uploads, newest first, with status and counts",
        response: { 200: ZUploadList, 401: ZErrorResponse },
      },
    },
    async (request) => uploads.list(await authenticator.user(request)),
  );

  app.get(
    '/api/auth/uploads/:uploadId/',
    {
      schema: {
        tags: ['uploads'],
        summary: 'One of your uploads with its errors, quality flags, warnings and column mapping',
        params: z.object({ uploadId: z.string() }),
        response: { 200: ZUploadDetail, 401: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => uploads.get(await authenticator.user(request), request.params.uploadId),
  );
};
