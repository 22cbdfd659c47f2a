import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  filterSetToQueryString,
  isEmptyFilterSet,
  normalizeFilterSet,
  parseFilterQuery,
  ZColonyList,
  ZErrorResponse,
  ZFilterQuery,
} from '@coral/core';
import { badRequest } from '../../errors';
import { parsePageQuery, setNextPageHeaders, ZPageQuery } from '../../lib/keyset-cursor';
import {
  acceptsGzip,
  isClientCopyCurrent,
  sendComputedJson,
  sendJsonPieces,
  sendPreserialized,
} from '../../lib/send-preserialized';
import {
  COLONY_FEED_FORMAT,
  type ColoniesService,
  type ColonyFeed,
  type MatchingIds,
} from './colonies.service';

/** Up to this many colonies a filtered list is sent whole (kept for the last filter sets). */
const WHOLE_ANSWER_COLONIES = 2000; // ITEMS_PER_READ: one read of the database

/** The map's filter parameters, and a page of the answer (all optional). */
const ZColonyQuery = ZFilterQuery.extend(ZPageQuery);

/** A short digest naming a filtered (or paged) answer in its ETag. */
const fingerprintOf = (text: string) =>
  createHash('sha256').update(text).digest('base64url').slice(0, 16);

/** The whole feed: the snapshot published with the data, sent as stored. */
async function sendFeed(request: FastifyRequest, reply: FastifyReply, feed: ColonyFeed) {
  if (isClientCopyCurrent(request, reply, `"colonies-v${feed.version}.${COLONY_FEED_FORMAT}"`)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request)) {
    return sendPreserialized(reply.header('Content-Encoding', 'gzip'), feed.gzipped);
  }
  return sendPreserialized(reply, await feed.json());
}

export const coloniesRoutes: FastifyPluginAsyncZod<{
  colonies: ColoniesService;
  matchingIds: MatchingIds;
}> = async (app, { colonies, matchingIds }) => {
  app.get(
    '/api/public/colonies/',
    {
      // The cached feed is already gzipped; compressing it again per request would waste CPU.
      compress: false,
      schema: {
        tags: ['public'],
        summary: 'All colonies with their thermal thresholds (ED50, ED5, ED95)',
        description:
          'Without parameters: every colony (the snapshot published with the data). With filter ' +
          'parameters: exactly the colonies the map shows for that filter set, by the same ' +
          'filter engine (packages/core/src/filters): species, project, collection years, ' +
          '`hideFlagged=true` (threshold entries with an untrustworthy quality flag are left out ' +
          'of every colony, and colonies left with none of their entries are not listed), and ' +
          '`min,max` ranges that filter only when they differ from the dataset defaults of the ' +
          'max-min endpoints. Unknown or malformed parameters answer 400. ' +
          '`limit` and `cursor` page the answer by colony id, read from the database with the ' +
          'same filter: while more colonies follow, the X-Next-Cursor header holds the cursor of ' +
          'the next page (and Link its URL); the items are those of the feed. ' +
          'Gzip-encoded when the client accepts it. ETag changes whenever the data changes.',
        querystring: ZColonyQuery,
        response: {
          200: ZColonyList,
          304: z.undefined().meta({ description: 'Not modified' }),
          400: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (Object.keys(request.query).length === 0) {
        return sendFeed(request, reply, await colonies.feed());
      }
      const { limit: limitText, cursor, ...filterQuery } = request.query;
      const { filters, problems } = parseFilterQuery(filterQuery);
      if (problems.length > 0) {
        throw badRequest(`Invalid filter: ${problems.join('; ')}`, problems);
      }
      if (limitText !== undefined || cursor !== undefined) {
        // A page, read from the database (decision 0037).
        const { limit, afterId } = parsePageQuery('colonies', { limit: limitText, cursor });
        const { version, defaults } = await colonies.pageContext();
        // The normal form names every filter that changes the answer; the page is part of it.
        const normalQuery = filterSetToQueryString(normalizeFilterSet(filters, defaults));
        const fingerprint = fingerprintOf(`${normalQuery}|${limit}|${afterId}`);
        const etag = `"colonies-v${version}.${COLONY_FEED_FORMAT}-${fingerprint}"`;
        if (isClientCopyCurrent(request, reply, etag)) return reply.status(304).send();
        const page = await colonies.page({ filters, defaults, afterId, limit });
        setNextPageHeaders(request, reply, 'colonies', page.nextAfterId);
        return sendComputedJson(request, reply, Buffer.from(JSON.stringify(page.colonies)));
      }

      // Filters without a page: the colonies the map's model selects, their items read from the
      // database in batches and streamed, so no answer needs the whole feed in memory (at a
      // million colonies its JSON is more than one string can hold).
      const { version, defaults } = await colonies.pageContext();
      const normal = normalizeFilterSet(filters, defaults);
      // Default ranges filter nothing: the whole feed, as stored.
      if (isEmptyFilterSet(normal)) return sendFeed(request, reply, await colonies.feed());

      // The normal form's query names every filter that changes the answer, hideFlagged included.
      const fingerprint = fingerprintOf(filterSetToQueryString(normal));
      if (
        isClientCopyCurrent(
          request,
          reply,
          `"colonies-v${version}.${COLONY_FEED_FORMAT}-${fingerprint}"`,
        )
      ) {
        return reply.status(304).send();
      }
      const selected = await matchingIds(normal, { version, defaults });
      // With hideFlagged, the items are shown without their hidden entries (decision 0013).
      const hideFlagged = normal.hideFlagged === true;
      if (selected.ids.length <= WHOLE_ANSWER_COLONIES) {
        const key = `${selected.version}?${fingerprint}`;
        return sendComputedJson(
          request,
          reply,
          await colonies.shortListJson(key, selected.ids, { hideFlagged }),
        );
      }
      return sendJsonPieces(request, reply, colonies.itemsJson(selected.ids, { hideFlagged }));
    },
  );
};
