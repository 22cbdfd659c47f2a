import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OaiPmhService } from './oai-pmh.service';

export interface OaiPmhRoutesOptions {
  oai: OaiPmhService;
}

const XML = 'text/xml; charset=utf-8';

const OAI_ARGUMENTS = [
  'verb',
  'identifier',
  'metadataPrefix',
  'from',
  'until',
  'set',
  'resumptionToken',
] as const;
const oaiArgument = z.union([z.string(), z.array(z.string())]);

/**
 * The OAI-PMH 2.0 endpoint (docs/decisions/0053-harvest-and-discovery.md). The protocol's
 * arguments are checked by the service, which answers every request with an OAI-PMH document
 * (errors included, as the protocol wants), so the query is taken as it comes.
 */
export const oaiPmhRoutes: FastifyPluginAsyncZod<OaiPmhRoutesOptions> = async (app, { oai }) => {
  app.get(
    '/oai',
    {
      schema: {
        tags: ['harvest'],
        summary: 'OAI-PMH 2.0 repository of the dataset versions',
        description:
          'Verbs Identify, ListMetadataFormats, ListSets (one set per project), GetRecord, ListIdentifiers and ListRecords (with resumption tokens); metadata formats oai_dc, oai_datacite and eml. Versions of withdrawn datasets are deleted records. Errors are OAI-PMH documents with status 200.',
        // The protocol's arguments, documented; any other argument is let through for the
        // service to answer badArgument, as the protocol asks.
        querystring: z
          .object(
            Object.fromEntries(
              OAI_ARGUMENTS.map((name) => [name, oaiArgument.optional()]),
            ) as Record<(typeof OAI_ARGUMENTS)[number], z.ZodOptional<typeof oaiArgument>>,
          )
          .catchall(oaiArgument),
        response: {
          200: {
            description: 'An OAI-PMH response document',
            content: { 'text/xml': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const body = await oai.answer(request.query);
      return reply.type(XML).header('Cache-Control', 'public, max-age=60').send(body);
    },
  );
};
