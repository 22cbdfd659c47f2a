import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute, type TErrorResponse } from '@coral/core';

/**
 * Serves the built web app. A deep link to a client route (/project/61) gets index.html so the
 * app can render it; any other non-API path gets index.html with status 404, which the app shows
 * as its not-found page. Unknown /api/ paths always get a JSON error.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({
        error: `No API route ${request.method} ${pathname}`,
        code: 'ROUTE_NOT_FOUND',
      } satisfies TErrorResponse);
    }
    if (!hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .send({ error: `Not found: ${pathname}`, code: 'NOT_FOUND' } satisfies TErrorResponse);
    }
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .sendFile('index.html');
  });
}
