import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBiosampleList } from '@coral/core';
import type { AppDb } from '../../db/database';
import { biosamplesRepository } from './biosamples.repository';

export const biosamplesRoutes: FastifyPluginAsyncZod<{ db: AppDb }> = async (app, { db }) => {
  app.get(
    '/api/public/biosamples/',
    {
      schema: {
        tags: ['public'],
        summary: 'All biosamples (nubbins) with their colony and project',
        response: { 200: ZBiosampleList },
      },
    },
    () => biosamplesRepository.list(db),
  );
};
