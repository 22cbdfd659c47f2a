import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZColonyList } from '@coral/core';
import { sendPreserialized } from '../../lib/send-preserialized';
import type { ColoniesService } from './colonies.service';

export const coloniesRoutes: FastifyPluginAsyncZod<{ colonies: ColoniesService }> = async (
  app,
  { colonies },
) => {
  app.get(
    '/api/public/colonies/',
    {
      // The cached feed is already gzipped; compressing it again per request would waste CPU.
      compress: false,
      schema: {
        tags: ['public'],
        summary: 'All colonies with their thermal thresholds (ED50, ED5, ED95)',
        description:
          'Gzip-encoded when the client accepts it. ETag changes whenever the data changes.',
        response: { 200: ZColonyList, 304: z.undefined().meta({ description: 'Not modified' }) },
      },
    },
    async (request, reply) => {
      const feed = await colonies.feed();
      const etag = `"colonies-v${feed.version}"`;
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      reply.type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return sendPreserialized(reply.header('Content-Encoding', 'gzip'), feed.gzipped);
      }
      return sendPreserialized(reply, await feed.json());
    },
  );
};
