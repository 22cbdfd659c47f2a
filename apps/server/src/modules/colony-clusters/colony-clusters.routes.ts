import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  parseBoundingBox,
  parseFilterQuery,
  ZClusterMembers,
  ZClusterMembersQuery,
  ZColonyChoices,
  ZColonyClusters,
  ZColonyClustersQuery,
  ZColonyIds,
  ZErrorResponse,
  ZFilterQuery,
  type FilterSet,
  type TFilterQuery,
} from '@coral/core';
import { badRequest } from '../../errors';
import { sendKeptJson, sendVersionedJson } from '../../lib/send-preserialized';
import { MEMBERS_PAGE, type ColonyClustersService } from './colony-clusters.service';
import { parseMarkerRef } from './marker-ref';

/** The filter set of the map's filter parameters, or 400 naming each problem. */
function filtersOf(query: TFilterQuery): FilterSet {
  const { filters, problems } = parseFilterQuery(query);
  if (problems.length > 0) {
    throw badRequest(`Invalid filter: ${problems.join('; ')}`, problems);
  }
  return filters;
}

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
          'public colonies, `matching` those passing the filters. Markers list no colonies: ' +
          'a site names its exact coordinates (and its colony when it holds one), a cluster its ' +
          'id; GET /api/public/colonies/clusters/members/ lists them. Drafts, embargoed and ' +
          'withdrawn data are never counted. Unknown or malformed parameters answer 400.',
        querystring: ZColonyClustersQuery,
        response: { 200: ZColonyClusters, 400: ZErrorResponse },
      },
    },
    async (request) => {
      const { zoom, bbox, ...filterQuery } = request.query;
      // The schema has checked both; read as the map reads them (zoom rounded by the index).
      return colonyClusters.clusters(filtersOf(filterQuery), Number(zoom), parseBoundingBox(bbox)!);
    },
  );

  app.get(
    '/api/public/colonies/clusters/members/',
    {
      schema: {
        tags: ['public'],
        summary: "A map marker's colonies: its sites summarised and a page of its colonies",
        description:
          'The matching colonies under one marker of a clusters answer (decision 0039), for the ' +
          'same filter parameters: `marker=site:<latitude>,<longitude>` (a site marker’s `site`) ' +
          'or `marker=cluster:<id>`, and the `data_version` of that answer. `sites` summarises ' +
          "each of the marker's sites over all its matching colonies (as the map's popup does); " +
          '`colonies` is the page [offset, offset + limit) of its colonies in id order, as the ' +
          'colonies feed gives them. 409 STALE_DATA_VERSION when the data changed since that ' +
          'answer; 404 MARKER_NOT_FOUND when no matching colony is at that site or the cluster ' +
          'id is unknown; 400 for unknown or malformed parameters.',
        querystring: ZClusterMembersQuery,
        response: {
          200: ZClusterMembers,
          400: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const { marker: markerText, data_version, offset, limit, ...filterQuery } = request.query;
      const filters = filtersOf(filterQuery);
      const marker = parseMarkerRef(markerText);
      if (!marker) {
        throw badRequest(
          'marker: expected site:<latitude>,<longitude> (two numbers, the site marker’s `site`) or cluster:<id>',
        );
      }
      // The schema has checked the numbers' forms (limit from 1 to 200).
      return colonyClusters.members(filters, marker, Number(data_version), {
        offset: offset === undefined ? 0 : Number(offset),
        limit: limit === undefined ? MEMBERS_PAGE : Number(limit),
      });
    },
  );

  app.get(
    '/api/public/colonies/ids/',
    {
      // Serialised and gzipped by the service (up to a million ids).
      compress: false,
      schema: {
        tags: ['public'],
        summary: 'The ids of the colonies the map shows for a filter set',
        description:
          'The public colonies passing the filter parameters (those of GET ' +
          '/api/public/colonies/), ascending: the selection the clusters answer counts as ' +
          '`matching` (decision 0039). Unknown or malformed parameters answer 400.',
        querystring: ZFilterQuery,
        response: { 200: ZColonyIds, 400: ZErrorResponse },
      },
    },
    async (request, reply) => {
      return sendKeptJson(request, reply, await colonyClusters.ids(filtersOf(request.query)));
    },
  );

  app.get(
    '/api/public/colonies/choices/',
    {
      // Gzipped once per data version.
      compress: false,
      schema: {
        tags: ['public'],
        summary: "The filter sidebar's choices: species, projects and years of the public colonies",
        description:
          'Distinct species and project names (sorted) and collection years (ascending) of the ' +
          'public colonies, and their number (decision 0039). Computed once per data version; ' +
          'ETag, gzip when the client accepts it.',
        response: {
          200: ZColonyChoices,
          304: z.undefined().meta({ description: 'Not modified' }),
        },
      },
    },
    async (request, reply) => sendVersionedJson(request, reply, await colonyClusters.choices()),
  );
};
