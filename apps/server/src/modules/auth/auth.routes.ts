import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSRF_COOKIE_NAME,
  SESSION_COOKIE_NAME,
  ZAuthResult,
  ZAuthStatus,
  ZCsrfToken,
  ZErrorResponse,
  ZLoginRequest,
  type TAuthResult,
} from '@coral/core';
import {
  clearSessionCookie,
  setSessionCookie,
  type Authenticator,
} from '../../plugins/authentication';
import { setCsrfCookie, type CsrfTokens } from '../../plugins/csrf';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  authenticator: Authenticator;
  csrf: CsrfTokens;
  sessionMaxAgeSeconds: number;
}

const MISSING_FIELDS = 'Username and password are required';
const INVALID_CREDENTIALS = 'Invalid username or password';

/** "Try again in 900 seconds (15 minutes)": the exact wait, and its size at a glance. */
function retryMessage(seconds: number): string {
  const exact = seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  const approximately =
    seconds < 120 ? '' : ` (${seconds % 60 === 0 ? '' : 'about '}${minutes} minutes)`;
  return `Too many failed login attempts. Try again in ${exact}${approximately}.`;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, authenticator, csrf, sessionMaxAgeSeconds } = options;

  /** A fresh CSRF token for the session the response leaves the client with. */
  const renewCsrfCookie = (
    request: FastifyRequest,
    reply: FastifyReply,
    sessionToken: string | undefined,
  ) => setCsrfCookie(request, reply, csrf.issue(sessionToken), sessionMaxAgeSeconds);

  app.get(
    '/api/auth/status/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is logged in (username "" when anonymous)',
        response: { 200: ZAuthStatus },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = await authenticator.currentUser(request);
      return {
        username: user?.username ?? '',
        authenticated: user !== null,
        role: user?.role ?? null,
        orcid: user?.orcid ?? null,
      };
    },
  );

  app.get(
    '/api/auth/csrf/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The CSRF token (also set as the csrftoken cookie)',
        description:
          'Send it back in the X-CSRFToken header on every POST, PUT, PATCH and DELETE. It is ' +
          'bound to the session: login and logout set a new one.',
        response: { 200: ZCsrfToken },
      },
    },
    (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const sessionToken = request.cookies[SESSION_COOKIE_NAME];
      const current = request.cookies[CSRF_COOKIE_NAME];
      // Keep a still-valid token, so several open tabs do not invalidate each other's.
      const token =
        current && csrf.isValid(current, sessionToken) ? current : csrf.issue(sessionToken);
      setCsrfCookie(request, reply, token, sessionMaxAgeSeconds);
      return { csrfToken: token };
    },
  );

  app.post(
    '/api/auth/login/',
    {
      // Missing or mistyped fields get the login form's own answer, not the generic one.
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Log in with username and password (needs the X-CSRFToken header)',
        description:
          'Sets a new sessionid cookie (any previous session is ended) and a new csrftoken. ' +
          'Failed attempts slow down: each (username, client address) waits longer after a few ' +
          'failures, and an address has a cap per window (429 with Retry-After and a message ' +
          'giving the seconds to wait). A username is never locked for other addresses.',
        body: ZLoginRequest,
        response: {
          200: ZAuthResult,
          // missing fields: the login form's answer; unreadable JSON: the error handler's
          400: z.union([ZAuthResult, ZErrorResponse]),
          401: ZAuthResult,
          403: ZErrorResponse,
          429: ZAuthResult,
        },
      },
    },
    async (request, reply) => {
      const body = request.body as Partial<Record<'username' | 'password', unknown>> | undefined;
      if (request.validationError || !body?.username || !body.password) {
        return reply.status(400).send({
          success: false,
          error: MISSING_FIELDS,
          code: 'VALIDATION_FAILED',
        } satisfies TAuthResult);
      }
      const outcome = await auth.login({
        username: body.username as string,
        password: body.password as string,
        ip: request.ip,
        previousSessionToken: request.cookies[SESSION_COOKIE_NAME],
      });
      switch (outcome.kind) {
        case 'rate_limited':
          return reply
            .status(429)
            .header('Retry-After', String(outcome.retryAfterSeconds))
            .send({
              success: false,
              error: retryMessage(outcome.retryAfterSeconds),
              code: 'RATE_LIMITED',
            });
        case 'invalid':
          return reply
            .status(401)
            .send({ success: false, error: INVALID_CREDENTIALS, code: 'INVALID_CREDENTIALS' });
        case 'success':
          setSessionCookie(request, reply, outcome.sessionToken, sessionMaxAgeSeconds);
          renewCsrfCookie(request, reply, outcome.sessionToken);
          return { success: true, message: 'Login successful', username: outcome.username };
      }
    },
  );

  // The spec's client logs out with an empty body; accept one even when it says it is JSON.
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') {
        done(null, undefined);
        return;
      }
      void parseJson(request, body as string, done);
    });

    scope.post(
      '/api/auth/logout/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log out: ends the session on the server (needs the X-CSRFToken header)',
          response: { 200: ZAuthResult, 403: ZErrorResponse },
        },
      },
      async (request, reply) => {
        await auth.logout(request.cookies[SESSION_COOKIE_NAME]);
        clearSessionCookie(request, reply);
        renewCsrfCookie(request, reply, undefined);
        return { success: true, message: 'Logged out successfully' };
      },
    );
  });
};
