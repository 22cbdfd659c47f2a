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
import { hasControlCharacters, multipartRefusal } from './multipart-errors';
import type { Authenticator } from '../../plugins/authentication';
import { documentedBody } from '../../plugins/openapi';
import {
  UPLOAD_FILE_LABELS,
  type UploadedFile,
  type UploadFileField,
  type UploadsService,
} from './uploads.service';

export interface UploadsRoutesOptions {
  uploads: UploadsService;
  authenticator: Authenticator;
  maxBytes: number;
}

const isFileField = (name: string): name is UploadFileField => name in UPLOAD_FILE_LABELS;

/** The multipart fields as the OpenAPI document shows them; the route reads the parts itself. */
const UPLOAD_FORM = {
  type: 'object',
  required: [UPLOAD_MAIN_FIELD],
  properties: {
    [UPLOAD_MAIN_FIELD]: {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: 'The main data file (CSV or XLSX: standard schema or raw CBASS).',
    },
    [UPLOAD_ED50_FIELD]: {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: 'The ED results file; optional when the main file has its ED50s inline.',
    },
    dataset_id: {
      type: 'string',
      pattern: '^[0-9]+$',
      description: 'Make the upload the next version of this dataset of yours.',
    },
    metadata: {
      type: 'string',
      contentMediaType: 'application/json',
      description: "The dataset's description as JSON (DatasetMetadata).",
    },
  },
};

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
  507: ZErrorResponse,
};

/**
 * Uploads (product-spec §7 Upload): a logged-in user sends the main data file and the ED50 results
 * file as multipart; the answer comes at once (queued) and the user follows the upload's status.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, options) => {
  const { uploads, authenticator, maxBytes } = options;
  await app.register(multipart, {
    // One byte more than allowed, so that receiveUpload sees (and names) a file that is too big.
    // Text fields: dataset_id and metadata (a dataset description of up to ~10,000 characters).
    limits: { fileSize: maxBytes + 1, files: 2, fields: 10, parts: 12, fieldSize: 256 * 1024 },
  });
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
          'The same two files again answer 200 with the earlier upload (duplicate: true). ' +
          'Optional text fields: dataset_id (the upload becomes the next version of that dataset of ' +
          "yours) and metadata (the dataset's description as JSON, DatasetMetadata); without them " +
          'the upload becomes a draft of a new dataset (docs/decisions/0012-datasets.md).',
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadAccepted, 202: ZUploadAccepted, ...errors },
      },
      config: { swaggerTransform: documentedBody(UPLOAD_FORM) },
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
      const received: Partial<Record<UploadFileField, UploadedFile>> = {};
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          const field = part.fieldname;
          if (!isFileField(field) || received[field]) {
            part.file.resume();
            continue;
          }
          if (hasControlCharacters(part.filename)) {
            part.file.resume();
            throw new AppError(
              400,
              'VALIDATION_FAILED',
              `The file name of ${field} contains control characters; rename the file and send it again.`,
            );
          }
          received[field] = await uploads.receive(field, part.filename, part.file);
        }
      } catch (error) {
        await uploads.discard(...Object.values(received));
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw uploads.tooLarge('file');
        }
        throw multipartRefusal(error) ?? error;
      }
      const main = received[UPLOAD_MAIN_FIELD];
      if (!main) {
        await uploads.discard(received[UPLOAD_ED50_FIELD]);
        throw new AppError(400, 'VALIDATION_FAILED', CSV_TYPE_MESSAGES.main);
      }
      const target = uploads.datasetRequest(fields);
      if (!target.ok) {
        await uploads.discard(main, received[UPLOAD_ED50_FIELD]);
        throw target.error;
      }
      const answer = await uploads
        .accept(user.userId, main, received[UPLOAD_ED50_FIELD] ?? null, target.request)
        .catch(async (error: unknown) => {
          // Whatever went wrong, a file of an upload that was not accepted is not kept.
          await uploads.discard(main, received[UPLOAD_ED50_FIELD]);
          throw error;
        });
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
