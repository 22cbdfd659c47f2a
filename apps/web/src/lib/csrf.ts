import type { CSRF_HEADER_NAME, TCsrfToken } from '@coral/core';
import { sendRequest } from './http';

/*
 * The contract's name, restated so the bundle does not pull in the contract's zod schemas; the
 * `typeof` annotation makes any drift from @coral/core a compile error.
 */
export const CSRF_HEADER: typeof CSRF_HEADER_NAME = 'X-CSRFToken';

/**
 * Django-style CSRF (product-spec §7): unsafe calls carry the token in the X-CSRFToken header. The
 * token comes from GET /api/auth/csrf/ (which also sets the csrftoken cookie) and is kept in memory
 * until it may have changed: the server rotates it at login and logout, so those call
 * `forgetCsrfToken()`; a CSRF rejection also drops it and the client retries once.
 */
let pending: Promise<string> | null = null;

export function getCsrfToken(): Promise<string> {
  pending ??= (async () => {
    const answer = (await sendRequest({ method: 'GET', url: '/api/auth/csrf/' })) as TCsrfToken;
    return answer.csrfToken;
  })();
  const request = pending;
  // A failed fetch must not stay cached.
  request.catch(() => {
    if (pending === request) pending = null;
  });
  return request;
}

export function forgetCsrfToken(): void {
  pending = null;
}
