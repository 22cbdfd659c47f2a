import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBiosampleList } from '@coral/core';
import type { BiosamplesService } from './biosamples.service';

export const biosamplesRoutes: FastifyPluginAsyncZod<{ biosamples: BiosamplesService }> = async (
  app,
  { biosamples },
) => {
  app.get(
    '/api/public/biosamples/',
    {
      schema: {
        tags: ['public'],
        summary: 'All biosamples (nubbins) with their colony and project',
        response: { 200: ZBiosampleList },
      },
    },
    () => biosamples.list(),
  );
};
