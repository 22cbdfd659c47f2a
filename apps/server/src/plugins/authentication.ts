import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME, type UserRole } from '@coral/core';
import { AppError } from '../errors';

/** The logged-in user, as every route sees it. */
export interface SessionUser {
  userId: number;
  username: string;
  role: UserRole;
  /** The linked ORCID iD, if any (decision 0029). */
  orcid: string | null;
}

/** Who holds a session token (modules/auth/sessions.service.ts); null for none or an ended one. */
export interface SessionResolver {
  resolve(token: string | undefined): Promise<SessionUser | null>;
}

/**
 * Who is logged in, resolved from the `sessionid` cookie at most once per request (routes and
 * hooks share the answer).
 */
export function createAuthenticator(sessions: SessionResolver) {
  const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

  const currentUser = (request: FastifyRequest): Promise<SessionUser | null> => {
    let user = resolved.get(request);
    if (!user) {
      user = sessions.resolve(request.cookies[SESSION_COOKIE_NAME]);
      resolved.set(request, user);
    }
    return user;
  };

  const user = async (request: FastifyRequest): Promise<SessionUser> => {
    const found = await currentUser(request);
    if (!found) {
      throw new AppError(401, 'UNAUTHENTICATED', 'You need to be logged in to do this.');
    }
    return found;
  };

  return {
    currentUser,
    /** The logged-in user, or 401 UNAUTHENTICATED. */
    user,
    /** Route hook: 401 before the body is even read when nobody is logged in. */
    requireUser: async (request: FastifyRequest) => {
      await user(request);
    },
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/** Every route under this prefix needs a logged-in user, unless it is allowed anonymously. */
export const PRIVATE_API_PREFIX = '/api/auth/';

/**
 * The only /api/auth/ routes anonymous visitors may call: who is logged in, a CSRF token, logging
 * in (with a password, or through ORCID: its start and the provider's redirect back, which check
 * the session themselves for a link), and logging out. Logout stays open because a client whose session has already ended (idle
 * timeout, disabled account) must still get its success answer and cleared cookies, as the
 * spec's client expects.
 */
export const ANONYMOUS_AUTH_ROUTES: ReadonlySet<string> = new Set([
  '/api/auth/status/',
  '/api/auth/csrf/',
  '/api/auth/login/',
  '/api/auth/logout/',
  '/api/auth/orcid/start/',
  '/api/auth/orcid/callback/',
]);

/**
 * Auth by default: a route added under /api/auth/ answers 401 UNAUTHENTICATED to anonymous
 * visitors without doing anything, so a new private route cannot be public by accident.
 * Register after the CSRF check: an unsafe request without a valid token is refused with 403
 * first, as before; both run before the body is read. Unknown paths keep their 404.
 */
export function registerAuthenticationRequirement(
  app: FastifyInstance,
  authenticator: Authenticator,
) {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (request.is404 || route === undefined || !route.startsWith(PRIVATE_API_PREFIX)) return;
    if (ANONYMOUS_AUTH_ROUTES.has(route)) return;
    await authenticator.requireUser(request);
  });
}

/** HttpOnly (scripts never see it), SameSite=Lax, Secure whenever the request came over TLS. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE_NAME, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
