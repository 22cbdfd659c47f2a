import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZProjectDetail, ZProjectList } from '@coral/core';
import { pageOf, parsePageQuery, setNextPageHeaders, ZPageQuery } from '../../lib/keyset-cursor';
import { sendVersionedJson } from '../../lib/send-preserialized';
import type { ProjectsService } from './projects.service';

export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (
  app,
  { projects },
) => {
  app.get(
    '/api/public/projects/',
    {
      schema: {
        tags: ['public'],
        summary: 'All projects with owner and publications',
        description:
          'In id order. `limit` and `cursor` page the list: while more projects follow, the ' +
          'X-Next-Cursor header holds the cursor of the next page (and Link its URL).',
        querystring: z.object(ZPageQuery),
        response: { 200: ZProjectList, 400: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { limit, afterId } = parsePageQuery('projects', request.query);
      const all = await projects.list();
      if (limit === undefined && afterId === undefined) return all;
      // A few hundred projects, computed once per data version: paged from that list.
      const after = afterId === undefined ? all : all.filter((project) => project.id > afterId);
      const page = pageOf(after, limit);
      setNextPageHeaders(request, reply, 'projects', page.nextAfterId);
      return page.rows;
    },
  );

  app.get(
    '/api/public/projects/:projectId/',
    {
      // Serialised and gzipped once per data version; compressing it again would waste CPU.
      compress: false,
      schema: {
        tags: ['public'],
        summary: 'One project with publications, experiments, colonies and observations',
        description:
          'Gzip-encoded when the client accepts it. ETag changes whenever the data changes.',
        params: z.object({ projectId: z.string() }),
        response: {
          200: ZProjectDetail,
          304: z.undefined().meta({ description: 'Not modified' }),
          404: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      sendVersionedJson(request, reply, await projects.detailJson(request.params.projectId)),
  );
};
