/**
 * Which errors mean "the database server cannot be reached right now" (restarting, stopped,
 * network gone) rather than "this query is wrong". Those are answered 503 with Retry-After
 * instead of 500, and the job queue waits them out instead of failing a job for good
 * (decision 0026).
 */

/** Socket errors of node-postgres connecting to, or talking with, the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin_shutdown (a restart or `pg_ctl stop` ends the session),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now ("the database system is starting up / shutting
 * down"); class 08 is connection exceptions.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03']);

/** node-postgres raises these as plain errors without a code. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /timeout exceeded when trying to connect/,
];

export function isDatabaseUnavailableError(error: unknown): boolean {
  return unavailable(error, 0);
}

function unavailable(error: unknown, depth: number): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return true;
    }
  }
  if (typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message))) {
    return true;
  }
  // Node reports a refused connection to every address of a name as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => unavailable(inner, depth + 1))) return true;
  return unavailable(cause, depth + 1);
}

/** One line for logs: the SQLSTATE or socket code and the message, never a stack. */
export function describeDatabaseError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : 'database error';
  return typeof code === 'string' ? `${text} (${code})` : text;
}
