import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  filterSetToQueryString,
  normalizeFilterSet,
  parseFilterQuery,
  ZBiosampleList,
  ZErrorResponse,
  ZFilterQuery,
} from '@coral/core';
import { badRequest } from '../../errors';
import { parsePageQuery, setNextPageHeaders, ZPageQuery } from '../../lib/keyset-cursor';
import {
  isClientCopyCurrent,
  sendComputedJson,
  sendJsonPieces,
  sendVersionedGzip,
} from '../../lib/send-preserialized';
import type { BiosamplesService } from './biosamples.service';

/** The map's filter parameters, and a page of the answer (both optional). */
const ZBiosampleQuery = ZFilterQuery.extend(ZPageQuery);

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
          'Without parameters: every public biosample, in id order (built once per data version). ' +
          'With the filter parameters of GET /api/public/colonies/: the biosamples of ' +
          'exactly the colonies the map shows for that filter set (the filter is evaluated in the ' +
          'database). `limit` and `cursor` page the answer by id: while more biosamples follow, ' +
          'the X-Next-Cursor header holds the cursor of the next page (and Link its URL); without ' +
          '`limit` the answer is streamed to the end. ' +
          'Gzip-encoded when the client accepts it. ETag changes whenever the data changes.',
        querystring: ZBiosampleQuery,
        response: {
          200: ZBiosampleList,
          304: z.undefined().meta({ description: 'Not modified' }),
          400: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (Object.keys(request.query).length === 0) {
        return sendVersionedGzip(request, reply, await biosamples.list());
      }
      const { limit: limitText, cursor, ...filterQuery } = request.query;
      const { filters, problems } = parseFilterQuery(filterQuery);
      if (problems.length > 0) {
        throw badRequest(`Invalid filter: ${problems.join('; ')}`, problems);
      }
      const { limit, afterId } = parsePageQuery('biosamples', { limit: limitText, cursor });

      const { version, defaults } = await biosamples.filterContext();
      // The normal form names every filter that changes the answer; the page is part of it.
      const fingerprint = createHash('sha256')
        .update(
          `${filterSetToQueryString(normalizeFilterSet(filters, defaults))}|${limit}|${afterId}`,
        )
        .digest('base64url')
        .slice(0, 16);
      if (isClientCopyCurrent(request, reply, `"biosamples-v${version}-${fingerprint}"`)) {
        return reply.status(304).send();
      }
      // Without a limit the answer can be millions of rows: streamed, read a batch at a time.
      if (limit === undefined) {
        return sendJsonPieces(request, reply, biosamples.filteredJson(filters, afterId));
      }
      const page = await biosamples.page({ filters, afterId, limit });
      setNextPageHeaders(request, reply, 'biosamples', page.nextAfterId);
      return sendComputedJson(request, reply, Buffer.from(JSON.stringify(page.rows)));
    },
  );
};
