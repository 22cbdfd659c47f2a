import type { ErrorCode } from '@coral/core';

/** An error whose message is safe to show the user; the handler maps it to its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
/** The request is valid but not in the resource's current state (e.g. approving a draft). */
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
