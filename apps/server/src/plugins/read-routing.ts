import { SESSION_COOKIE_NAME } from '@coral/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newReadContext, runWithReadContext, type ReadContext } from '../lib/read-context';

/**
 * The newest data version a browser has been answered with, so another API process (behind the
 * same load balancer) never answers it from a replica that is further behind
 * (docs/decisions/0073-read-replicas.md). Not a tracking cookie: a counter of public data changes.
 */
export const DATA_VERSION_COOKIE = 'coral_data_version';

const READ_METHODS = new Set(['GET', 'HEAD']);
/** Larger values are not versions this platform reaches; they are ignored, not trusted. */
const MAX_COOKIE_VERSION = 2 ** 31 - 1;

function clientVersion(request: FastifyRequest): number {
  const raw = request.cookies[DATA_VERSION_COOKIE];
  if (!raw || !/^\d{1,10}$/.test(raw)) return 0;
  const version = Number(raw);
  return version <= MAX_COOKIE_VERSION ? version : 0;
}

/**
 * Tells the database layer which request each statement runs for: an anonymous GET/HEAD may read
 * a replica; a write or a request with a session reads the primary, where the user's own writes
 * and their session are. With `versionCookie`, the newest data version a response was built on
 * is kept in a cookie when it is newer than the client's.
 */
export function registerReadRouting(
  app: FastifyInstance,
  { versionCookie }: { versionCookie: boolean },
) {
  const contexts = new WeakMap<FastifyRequest, ReadContext>();
  app.addHook('onRequest', (request, _reply, done) => {
    const eligible =
      READ_METHODS.has(request.method) && request.cookies[SESSION_COOKIE_NAME] === undefined;
    const context = newReadContext(eligible, clientVersion(request));
    contexts.set(request, context);
    runWithReadContext(context, done);
  });
  // A request body is read on socket events outside the context: entered again for the handler.
  app.addHook('preHandler', (request, _reply, done) => {
    const context = contexts.get(request);
    if (context) runWithReadContext(context, done);
    else done();
  });
  if (versionCookie) {
    app.addHook('onSend', async (request, reply, payload) => {
      const context = contexts.get(request);
      if (context && context.seenVersion > context.clientVersion) {
        reply.setCookie(DATA_VERSION_COOKIE, String(context.seenVersion), {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          maxAge: 24 * 60 * 60,
        });
      }
      return payload;
    });
  }
}
