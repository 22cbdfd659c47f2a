import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTaxonList } from '@coral/core';
import type { TaxaService } from './taxa.service';

export const taxaRoutes: FastifyPluginAsyncZod<{ taxa: TaxaService }> = async (app, { taxa }) => {
  app.get(
    '/api/public/taxa/',
    {
      schema: {
        tags: ['public'],
        summary:
          "Every species name of the public colonies with WoRMS' answer: accepted, synonym, near match, not in WoRMS or not yet checked",
        response: { 200: ZTaxonList },
      },
    },
    async () => ({ taxa: await taxa.publicTaxa() }),
  );
};
