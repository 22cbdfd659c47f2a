/**
 * Which errors mean "no room left where the server writes" (docs/decisions/0052-faults-and-streams.md):
 * the kernel's ENOSPC (no space) and EDQUOT (quota exceeded) from any file write, and
 * PostgreSQL's 53100 disk_full or 53xxx out-of-resources from the database. They are answered 507
 * with a message an uploader understands, not 500.
 */
const FILE_CODES = new Set(['ENOSPC', 'EDQUOT']);
const DATABASE_STATES = new Set(['53100']);
const DATABASE_MESSAGE = /No space left on device|could not extend file/i;

export function isDiskFullError(error: unknown): boolean {
  for (let depth = 0, current = error; depth < 6; depth++) {
    if (typeof current !== 'object' || current === null) return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (FILE_CODES.has(code) || DATABASE_STATES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && DATABASE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

export const DISK_FULL_MESSAGE =
  'The server’s disk is full, so this could not be saved. Nothing was kept and nothing you had ' +
  'saved before was lost: please try again later, and tell the platform’s administrators if it ' +
  'keeps happening.';
