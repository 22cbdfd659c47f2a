import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  parseBoundingBox,
  parseFilterQuery,
  ZColonyClusters,
  ZColonyClustersQuery,
  ZErrorResponse,
} from '@coral/core';
import { badRequest } from '../../errors';
import type { ColonyClustersService } from './colony-clusters.service';

export const colonyClustersRoutes: FastifyPluginAsyncZod<{
  colonyClusters: ColonyClustersService;
}> = async (app, { colonyClusters }) => {
  app.get(
    '/api/public/colonies/clusters/',
    {
      schema: {
        tags: ['public'],
        summary: "The map's markers for a filter set, zoom and view",
        description:
          'The clusters and single sites the map shows (decision 0039), computed with the ' +
          "map's own clustering over the public colonies that pass the filter parameters " +
          '(the same parameters and meaning as GET /api/public/colonies/). `total` counts the ' +
          'public colonies, `matching` those passing the filters. Drafts, embargoed and ' +
          'withdrawn data are never counted. Unknown or malformed parameters answer 400.',
        querystring: ZColonyClustersQuery,
        response: { 200: ZColonyClusters, 400: ZErrorResponse },
      },
    },
    async (request) => {
      const { zoom, bbox, ...filterQuery } = request.query;
      const { filters, problems } = parseFilterQuery(filterQuery);
      if (problems.length > 0) {
        throw badRequest(`Invalid filter: ${problems.join('; ')}`, problems);
      }
      // The schema has checked both; read as the map reads them (zoom rounded by the index).
      return colonyClusters.clusters(filters, Number(zoom), parseBoundingBox(bbox)!);
    },
  );
};
