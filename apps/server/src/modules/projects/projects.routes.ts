import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZProjectDetail, ZProjectList } from '@coral/core';
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
        response: { 200: ZProjectList },
      },
    },
    () => projects.list(),
  );

  app.get(
    '/api/public/projects/:projectId/',
    {
      schema: {
        tags: ['public'],
        summary: 'One project with publications, experiments, colonies and observations',
        params: z.object({ projectId: z.string() }),
        response: { 200: ZProjectDetail, 404: ZErrorResponse },
      },
    },
    (request) => projects.detail(request.params.projectId),
  );
};
