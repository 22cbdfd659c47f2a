import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZColonyPage, ZErrorResponse } from '@coral/core';
import type { ColonyPagesService } from './colony-pages.service';

export const colonyPagesRoutes: FastifyPluginAsyncZod<{ colonyPages: ColonyPagesService }> = async (
  app,
  { colonyPages },
) => {
  app.get(
    '/api/public/colonies/:colonyId/',
    {
      schema: {
        tags: ['public'],
        summary:
          'One public colony: thresholds with quality flags, PAM observations, projects, dataset and citation',
        params: z.object({ colonyId: z.string() }),
        response: { 200: ZColonyPage, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    (request) => colonyPages.page(request.params.colonyId),
  );
};
