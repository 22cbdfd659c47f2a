import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStatistics } from '@coral/core';
import type { StatisticsService } from './statistics.service';

export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService }> = async (
  app,
  { statistics },
) => {
  app.get(
    '/api/public/statistics/',
    {
      schema: {
        tags: ['public'],
        summary: 'Platform statistics for the landing page',
        response: { 200: ZStatistics },
      },
    },
    () => statistics.get(),
  );
};
