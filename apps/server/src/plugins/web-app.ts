import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute, withPageHead, type PageHead, type TErrorResponse } from '@coral/core';

export interface WebAppOptions {
  /**
   * The head of a public page (title, description, canonical link, JSON-LD), put into index.html
   * so crawlers that run no script read it (docs/decisions/0053-harvest-and-discovery.md).
   */
  headFor?: (pathname: string) => Promise<PageHead | null>;
}

/**
 * Serves the built web app. A deep link to a client route (/project/61) gets index.html so the
 * app can render it; any other non-API path gets index.html with status 404, which the app shows
 * as its not-found page. Unknown /api/ paths always get a JSON error.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  options: WebAppOptions = {},
) {
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

  app.setNotFoundHandler(async (request, reply) => {
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
    const known = isClientRoute(pathname);
    if (known && options.headFor) {
      const head = await options.headFor(pathname).catch((error: unknown) => {
        // A page without its own head is still the page: the app fills it in.
        request.log.warn({ err: error }, 'page head: failed; serving the plain app');
        return null;
      });
      if (head) {
        const indexHtml = await fs.promises.readFile(indexPath, 'utf8');
        return reply
          .status(200)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(withPageHead(indexHtml, head));
      }
    }
    return reply
      .status(known ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .sendFile('index.html');
  });
}
