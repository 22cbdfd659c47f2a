import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DiscoveryService } from './discovery.service';

export interface DiscoveryRoutesOptions {
  discovery: DiscoveryService;
}

/** robots.txt and the sitemap of the public pages (docs/decisions/0053-harvest-and-discovery.md). */
export const discoveryRoutes: FastifyPluginAsyncZod<DiscoveryRoutesOptions> = async (
  app,
  { discovery },
) => {
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['harvest'],
        summary: 'What crawlers may index',
        response: {
          200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(discovery.robotsTxt()),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['harvest'],
        summary: 'Sitemap of the public pages',
        response: {
          200: {
            description: 'A sitemaps.org 0.9 URL set',
            content: { 'application/xml': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(await discovery.sitemapXml()),
  );
};
