import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_ROUTES,
  ORCID_ERROR_QUERY_KEY,
  SESSION_COOKIE_NAME,
  ZAuthResult,
  ZErrorResponse,
  ZOrcidCallbackQuery,
  ZOrcidStartQuery,
  ZOrcidUnlinkResult,
} from '@coral/core';
import { AppError } from '../../errors';
import { setSessionCookie, type Authenticator } from '../../plugins/authentication';
import { setCsrfCookie, type CsrfTokens } from '../../plugins/csrf';
import { OrcidSignInError, type OrcidSignInService } from './orcid-sign-in.service';
import { ORCID_STATE_COOKIE, ORCID_STATE_LIFETIME_SECONDS } from './orcid-state';

export interface OrcidSignInRoutesOptions {
  orcid: OrcidSignInService;
  authenticator: Authenticator;
  csrf: CsrfTokens;
  sessionMaxAgeSeconds: number;
}

/** The state cookie goes only to the ORCID routes. */
const STATE_COOKIE_PATH = '/api/auth/orcid/';

const disabled = () =>
  new AppError(
    404,
    'ORCID_SIGN_IN_DISABLED',
    'Sign in with ORCID is not enabled on this server (an administrator has not configured it).',
  );

/** A browser navigating (not a script asking for JSON) gets pages, not JSON. */
const wantsPage = (request: FastifyRequest) =>
  request.headers.accept?.includes('text/html') ?? false;

export const orcidSignInRoutes: FastifyPluginAsyncZod<OrcidSignInRoutesOptions> = async (
  app,
  { orcid, authenticator, csrf, sessionMaxAgeSeconds },
) => {
  /**
   * A refusal: browsers go back to the login page, which shows the text for the code; scripts
   * get the status and JSON. Nothing else is sent (no session, no state).
   */
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof OrcidSignInError)) throw error;
    if (error.code === 'ORCID_PROVIDER_ERROR') {
      request.log.warn({ err: error.cause }, 'ORCID sign-in: the provider failed');
    }
    if (!wantsPage(request)) throw error;
    const query = new URLSearchParams({ [ORCID_ERROR_QUERY_KEY]: error.code });
    return reply.redirect(`${CLIENT_ROUTES.login}?${query.toString()}`, 303);
  };

  const stateCookieOptions = (request: FastifyRequest) => ({
    path: STATE_COOKIE_PATH,
    httpOnly: true,
    // Lax: the cookie comes along on ORCID's top-level redirect back, never on cross-site POSTs.
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  app.get(
    '/api/auth/orcid/start/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start "Sign in with ORCID" (purpose sign-in) or link an ORCID iD (purpose link)',
        description:
          'Redirects (302) to ORCID with state, nonce and PKCE; their values travel in a signed, ' +
          'HttpOnly cookie valid for 10 minutes. purpose=link needs a logged-in account. 404 ' +
          'when ORCID sign-in is not configured.',
        querystring: ZOrcidStartQuery,
        response: {
          302: z.null().describe('Redirect to ORCID (the Location header)'),
          401: ZErrorResponse,
          404: ZErrorResponse,
          502: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!orcid.enabled) throw disabled();
      reply.header('Cache-Control', 'no-store');
      try {
        const { location, stateCookie } = await orcid.start(
          request.query.purpose,
          request.cookies[SESSION_COOKIE_NAME],
        );
        reply.setCookie(ORCID_STATE_COOKIE, stateCookie, {
          ...stateCookieOptions(request),
          maxAge: ORCID_STATE_LIFETIME_SECONDS,
        });
        return reply.redirect(location, 302);
      } catch (error) {
        return refuse(request, reply, error);
      }
    },
  );

  app.get(
    '/api/auth/orcid/callback/',
    {
      schema: {
        tags: ['auth'],
        summary: "ORCID's redirect back (the redirect URI registered at ORCID)",
        description:
          'Checks the state against the cookie of the browser that started, exchanges the code ' +
          '(refused codes, e.g. replayed ones, are 400), then links the iD (purpose link) or ' +
          'logs in: to the linked account, or to a new account for an iD an administrator ' +
          'approved (403 otherwise). Browsers (Accept: text/html) are redirected (303) to / on ' +
          'success and to /login?orcid_error=<code> otherwise; other clients get JSON.',
        querystring: ZOrcidCallbackQuery,
        response: {
          200: ZAuthResult,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          502: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!orcid.enabled) throw disabled();
      reply.header('Cache-Control', 'no-store');
      // One use: whatever happens, the state is gone.
      reply.clearCookie(ORCID_STATE_COOKIE, stateCookieOptions(request));
      const sessionToken = request.cookies[SESSION_COOKIE_NAME];
      try {
        const outcome = await orcid.callback({
          query: request.query,
          rawQuery: request.url.slice(request.url.indexOf('?') + 1),
          stateCookie: request.cookies[ORCID_STATE_COOKIE],
          sessionToken,
        });
        if (outcome.kind === 'signed-in') {
          setSessionCookie(request, reply, outcome.sessionToken, sessionMaxAgeSeconds);
          setCsrfCookie(request, reply, csrf.issue(outcome.sessionToken), sessionMaxAgeSeconds);
        }
        if (wantsPage(request)) return reply.redirect(CLIENT_ROUTES.home, 303);
        return {
          success: true,
          message:
            outcome.kind === 'linked'
              ? `ORCID iD ${outcome.orcid} linked`
              : outcome.created
                ? 'Account created and logged in with ORCID'
                : 'Login successful',
          username: outcome.username,
        };
      } catch (error) {
        return refuse(request, reply, error);
      }
    },
  );

  app.post(
    '/api/auth/orcid/unlink/',
    {
      schema: {
        tags: ['auth'],
        summary: "Remove the logged-in account's ORCID iD (needs the X-CSRFToken header)",
        description:
          'Refused (409) when the account has no iD, or has no password (it could not log in ' +
          'any more).',
        response: {
          200: ZOrcidUnlinkResult,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) => {
      if (!orcid.enabled) throw disabled();
      const user = await authenticator.user(request);
      const { orcid: removed } = await orcid.unlink(user.userId);
      return { success: true as const, message: `ORCID iD ${removed} unlinked` };
    },
  );
};
