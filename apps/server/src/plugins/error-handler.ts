import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, TErrorResponse } from '@coral/core';
import { AppError } from '../errors';
import { describeDatabaseError, isDatabaseUnavailableError } from '../lib/database-errors';
import { DISK_FULL_MESSAGE, isDiskFullError } from '../lib/disk-full';

/** Codes for the client errors Fastify itself raises (bad JSON, body too large, …). */
const codeForStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const readableFastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was announced.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
};

/** How long a client is asked to wait while the database is unreachable (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_BODY = {
  error: 'The database is unavailable. Please try again in a moment.',
  code: 'DATABASE_UNAVAILABLE',
} as const satisfies TErrorResponse;

/**
 * One place that turns errors into JSON: the message for client errors, a generic message for
 * server errors (details go to the log, never to the client).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: TErrorResponse = { error: error.message, code: error.code };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return where ? `${where}: ${issue.message}` : (issue.message ?? 'invalid');
      });
      const part = error.validationContext ?? 'request';
      return reply.status(400).send({
        error: `Invalid ${part}: ${problems.join('; ')}`,
        code: 'VALIDATION_FAILED',
        details: problems,
      } satisfies TErrorResponse);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        error: readableFastifyMessages[error.code] ?? error.message,
        code: codeForStatus[status] ?? 'BAD_REQUEST',
      } satisfies TErrorResponse);
    }
    if (isDatabaseUnavailableError(error)) {
      // A restart or outage of the database server, not a bug: the client may simply retry.
      request.log.warn(`database unavailable: ${describeDatabaseError(error)}`);
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(DATABASE_UNAVAILABLE_BODY);
    }
    if (isDiskFullError(error)) {
      // Not a bug and not the client's: the operator must make room (decision 0052). One line.
      request.log.error(
        { err: error, method: request.method, url: request.url },
        'the disk is full: a write was refused and nothing was kept',
      );
      return reply.status(507).send({
        error: DISK_FULL_MESSAGE,
        code: 'INSUFFICIENT_STORAGE',
      } satisfies TErrorResponse);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      error: 'Something went wrong on the server. Please try again later.',
      code: 'INTERNAL_ERROR',
    } satisfies TErrorResponse);
  });
}
