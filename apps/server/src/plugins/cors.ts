import type { FastifyInstance } from 'fastify';

/** Where the open data is: every read under it may be made from any origin. */
export const PUBLIC_API_PREFIX = '/api/public/';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * What a script on another origin may read besides the simple headers: the paging cursor and
 * link, the cache validator, a download's file name, and how long to wait after 429 or 503.
 */
const EXPOSED_HEADERS = ['X-Next-Cursor', 'Link', 'ETag', 'Content-Disposition', 'Retry-After'];

/** Preflights may be cached for a day. */
const PREFLIGHT_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * CORS for the open data (docs/decisions/0051-api-clients.md): reads under /api/public/ (lists,
 * single records, downloads, citations) answer every origin with `Access-Control-Allow-Origin: *`
 * and never with credentials, so a notebook or a page elsewhere can call them but no browser
 * sends or reads a session through them. Nothing else answers: /api/auth/ (sessions, cart,
 * uploads) and every state-changing call stay same-origin, and their preflights find no route.
 */
export function registerCors(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isOpenRead(request.method, request.url)) return;
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
  });

  // A cross-origin read with a header beyond the simple ones (If-None-Match) asks first.
  app.options(`${PUBLIC_API_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const method = request.headers['access-control-request-method'];
    if (typeof method === 'string' && !READ_METHODS.has(method.toUpperCase())) {
      return reply.code(204).send();
    }
    return reply
      .code(204)
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'GET, HEAD')
      .header('Access-Control-Allow-Headers', 'If-None-Match, Accept, Accept-Encoding')
      .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .send();
  });
}

function isOpenRead(method: string, url: string): boolean {
  // The OAI-PMH endpoint is open data too (decision 0053).
  return (
    READ_METHODS.has(method) &&
    (url.startsWith(PUBLIC_API_PREFIX) || url === '/oai' || url.startsWith('/oai?'))
  );
}
