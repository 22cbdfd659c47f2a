import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '@coral/core';
import { AppError } from '../errors';
import type { SessionService, SessionUser } from '../modules/auth/sessions.service';

/**
 * Who is logged in, resolved from the `sessionid` cookie at most once per request (routes and
 * hooks share the answer).
 */
export function createAuthenticator(sessions: SessionService) {
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
