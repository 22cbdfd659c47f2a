import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDataSummary } from '@coral/core';
import type { DataSummaryService } from './data-summary.service';

export const dataSummaryRoutes: FastifyPluginAsyncZod<{ dataSummary: DataSummaryService }> = async (
  app,
  { dataSummary },
) => {
  app.get(
    '/api/public/data-summary/',
    {
      schema: {
        tags: ['public'],
        summary: 'The public data version, its publication time and the licences of the datasets',
        response: { 200: ZDataSummary },
      },
    },
    () => dataSummary.get(),
  );
};
