import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBiosampleList } from '@coral/core';
import { sendVersionedJson } from '../../lib/send-preserialized';
import type { BiosamplesService } from './biosamples.service';

export const biosamplesRoutes: FastifyPluginAsyncZod<{ biosamples: BiosamplesService }> = async (
  app,
  { biosamples },
) => {
  app.get(
    '/api/public/biosamples/',
    {
      // Cached already gzipped; compressing it again per request would waste CPU.
      compress: false,
      schema: {
        tags: ['public'],
        summary: 'All biosamples (nubbins) with their colony and project',
        description:
          'Serialised once per data version. Gzip-encoded when the client accepts it. ETag ' +
          'changes whenever the data changes.',
        response: { 200: ZBiosampleList, 304: z.undefined().meta({ description: 'Not modified' }) },
      },
    },
    async (request, reply) => sendVersionedJson(request, reply, await biosamples.list()),
  );
};
