import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, SESSION_COOKIE_NAME } from '@coral/core';
import { AppError } from '../errors';

/**
 * CSRF protection, Django-compatible for the client: the token is in the `csrftoken` cookie
 * (readable by scripts) and every POST/PUT/PATCH/DELETE must echo it in the `X-CSRFToken`
 * header. On top of the double submit, tokens are signed and bound to the session (OWASP's
 * "signed double-submit cookie", docs/decisions/0003-sessions-csrf-and-rate-limits.md):
 *
 *   token = nonce "." base64url(HMAC-SHA256(key, nonce "|" session cookie value or "-"))
 *
 * so a token cannot be made without the server key, and a token issued for one session (or for
 * no session) is refused with another. Checking needs no database access and happens before the
 * body is read.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfTokens {
  issue(sessionToken: string | undefined): string;
  isValid(token: string, sessionToken: string | undefined): boolean;
}

export function createCsrfTokens(serverSecret: string): CsrfTokens {
  // A key of its own, so the configured secret could safely serve other purposes too.
  const key = crypto.createHmac('sha256', serverSecret).update('coral-csrf-token-v1').digest();
  const mac = (nonce: string, sessionToken: string | undefined) =>
    crypto
      .createHmac('sha256', key)
      .update(`${nonce}|${sessionToken ?? '-'}`)
      .digest('base64url');

  return {
    issue(sessionToken) {
      const nonce = crypto.randomBytes(16).toString('base64url');
      return `${nonce}.${mac(nonce, sessionToken)}`;
    },
    isValid(token, sessionToken) {
      if (!TOKEN_PATTERN.test(token)) return false;
      const [nonce, signature] = token.split('.') as [string, string];
      return safeEqual(signature, mac(nonce, sessionToken));
    },
  };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

const csrfFailure = (reason: string) =>
  new AppError(403, 'CSRF_FAILED', `CSRF verification failed: ${reason}`);

/** Why an unsafe request fails the CSRF check, or null when it passes. */
export function csrfProblem(request: FastifyRequest, tokens: CsrfTokens): string | null {
  const cookie = request.cookies[CSRF_COOKIE_NAME];
  const header = request.headers[CSRF_HEADER_NAME.toLowerCase()];
  if (!cookie) return `the ${CSRF_COOKIE_NAME} cookie is missing; get one from /api/auth/csrf/.`;
  if (typeof header !== 'string' || header === '') {
    return `the ${CSRF_HEADER_NAME} header is missing.`;
  }
  if (!safeEqual(header, cookie)) {
    return `the ${CSRF_HEADER_NAME} header does not match the ${CSRF_COOKIE_NAME} cookie.`;
  }
  if (!tokens.isValid(cookie, request.cookies[SESSION_COOKIE_NAME])) {
    return 'the CSRF token is invalid for this session; get a new one from /api/auth/csrf/.';
  }
  return null;
}

/**
 * Every state-changing request to a route, whatever the route, must pass the check (403
 * CSRF_FAILED); routes added later are covered without doing anything. A request that matches
 * no route changes nothing and keeps its 404.
 */
export function registerCsrfProtection(app: FastifyInstance, tokens: CsrfTokens) {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || request.is404) return;
    const problem = csrfProblem(request, tokens);
    if (problem) throw csrfFailure(problem);
  });
}

/** Readable by the page's scripts (they copy it into the header); never sent cross-site. */
export function setCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(CSRF_COOKIE_NAME, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}
