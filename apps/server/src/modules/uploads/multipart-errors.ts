import { UPLOAD_ED50_FIELD, UPLOAD_MAIN_FIELD } from '@coral/core';
import { AppError } from '../../errors';

/** Said when a body holds more parts than an upload has (decision 0024: was 413 "reach files limit"). */
export const TOO_MANY_PARTS_MESSAGE = `An upload holds at most two files: ${UPLOAD_MAIN_FIELD} (the main data) and ${UPLOAD_ED50_FIELD} (the ED50 results).`;

/**
 * The client's mistakes in a multipart body, as the multipart parser reports them, turned into
 * 400s that say what to do (decision 0024); anything else is not recognised (null).
 * The parser (busboy) throws plain errors, so its messages are matched.
 */
export function multipartRefusal(error: unknown): AppError | null {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(400, 'BAD_REQUEST', TOO_MANY_PARTS_MESSAGE);
  }
  if (message === 'Multipart: Boundary not found') {
    return new AppError(
      400,
      'BAD_REQUEST',
      'The upload is not a valid multipart/form-data body (its boundary is missing). Send the files again from the upload page or with a multipart client.',
    );
  }
  if (
    code === 'FST_MP_PREMATURE_CLOSE' ||
    /unexpected end of (multipart data|form)/i.test(message ?? '')
  ) {
    return new AppError(
      400,
      'BAD_REQUEST',
      'The upload ended before its files were complete (the connection may have been interrupted). Send the files again.',
    );
  }
  return null;
}

/** Control characters (NUL, line breaks, …) have no place in a file name we store and show. */
export const hasControlCharacters = (name: string): boolean =>
  // eslint-disable-next-line no-control-regex -- the point is to find them
  /[\u0000-\u001f\u007f]/.test(name);
