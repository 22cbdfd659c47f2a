import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZSpeciesDetail, ZSpeciesList } from '@coral/core';
import type { SpeciesService } from './species.service';

export const speciesRoutes: FastifyPluginAsyncZod<{ species: SpeciesService }> = async (
  app,
  { species },
) => {
  app.get(
    '/api/public/species/',
    {
      schema: {
        tags: ['public'],
        summary: 'Every species with its number of public colonies',
        response: { 200: ZSpeciesList },
      },
    },
    () => species.list(),
  );

  app.get(
    '/api/public/species/:name/',
    {
      schema: {
        tags: ['public'],
        summary: 'One species: ED50 distributions by site and condition, colonies, sources, sites',
        params: z.object({
          name: z.string().meta({ description: 'The species as stored, URL-encoded' }),
        }),
        response: { 200: ZSpeciesDetail, 404: ZErrorResponse },
      },
    },
    (request) => species.detail(request.params.name),
  );
};
