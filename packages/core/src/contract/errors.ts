import { z } from 'zod';
import { ORCID_SIGN_IN_ERROR_CODES } from './orcid';

/** Stable error codes: clients switch on `code`, people read `error`. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'CSRF_FAILED',
  'FORBIDDEN',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  /** 507: the server's disk is full; nothing was kept, the client may try again later. */
  'INSUFFICIENT_STORAGE',
  /** 503: the database cannot be reached for the moment (a restart); see Retry-After. */
  'DATABASE_UNAVAILABLE',
  /**
   * 409: a request names the data version of an earlier answer (a map marker's) and the data
   * have changed since: ask again for the current version's answer.
   */
  'STALE_DATA_VERSION',
  /** 404: no marker with that site or cluster id for this data version and filter set. */
  'MARKER_NOT_FOUND',
  /** 404: "Sign in with ORCID" is not configured on this server. */
  'ORCID_SIGN_IN_DISABLED',
  ...ORCID_SIGN_IN_ERROR_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ZErrorResponse = z
  .object({
    error: z.string().meta({ description: 'What went wrong, for people.' }),
    code: z.enum(ERROR_CODES).meta({ description: 'Stable machine-readable code.' }),
    details: z.unknown().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
