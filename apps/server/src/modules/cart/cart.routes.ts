import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CART_EXPORT_CITATIONS_CONTENT_TYPE,
  CART_EXPORT_CITATIONS_FILENAME,
  CART_EXPORT_CONTENT_TYPE,
  CART_EXPORT_FILENAME,
  ZCartAddRequest,
  ZCartAddResponse,
  ZCartDeleteRequest,
  ZCartExportRequest,
  ZCartGroupList,
  ZCartMessage,
  ZCartRenameRequest,
  ZErrorResponse,
} from '@coral/core';
import { sendKeptJson } from '../../lib/send-preserialized';
import type { Authenticator } from '../../plugins/authentication';
import type { CartService } from './cart.service';

export interface CartRoutesOptions {
  cart: CartService;
  authenticator: Authenticator;
}

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  413: ZErrorResponse,
};

/**
 * The research cart: every route needs a session (401, plugins/authentication.ts, for every
 * /api/auth/ route) and, when unsafe, CSRF (403).
 */
export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, options) => {
  const { cart, authenticator } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/auth/cart/',
    {
      // Kept serialised and gzipped per cart state (cart.service.ts): not compressed again.
      compress: false,
      schema: {
        tags: ['cart'],
        summary: "The logged-in user's cart groups with their colonies, newest first",
        response: { 200: ZCartGroupList, 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      return sendKeptJson(request, reply, await cart.listJson(await authenticator.user(request)));
    },
  );

  app.post(
    '/api/auth/cart/',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a group of colonies to the cart',
        body: ZCartAddRequest,
        response: { 201: ZCartAddResponse, ...errors },
      },
    },
    async (request, reply) => {
      const groupId = await cart.add(await authenticator.user(request), request.body);
      return reply.status(201).send({ message: 'Group added to cart', group_id: groupId });
    },
  );

  app.delete(
    '/api/auth/cart/',
    {
      schema: {
        tags: ['cart'],
        summary: 'Delete one of your cart groups',
        body: ZCartDeleteRequest,
        response: { 200: ZCartMessage, ...errors },
      },
    },
    async (request) => {
      const groupId = request.body.group_id;
      await cart.remove(await authenticator.user(request), groupId);
      return { message: 'Group deleted', group_id: groupId };
    },
  );

  app.put(
    '/api/auth/cart/group/:groupId/',
    {
      schema: {
        tags: ['cart'],
        summary: 'Rename one of your cart groups',
        params: z.object({ groupId: z.string() }),
        body: ZCartRenameRequest,
        response: { 200: ZCartMessage, ...errors },
      },
    },
    async (request) => {
      const user = await authenticator.user(request);
      const group = await cart.rename(user, request.params.groupId, request.body.name);
      return { message: 'Group renamed', group_id: group.id, name: group.name };
    },
  );

  app.post(
    '/api/auth/cart/export/',
    {
      schema: {
        tags: ['cart'],
        summary: 'Export groups as CSV (coral_cart_export.csv)',
        description:
          'One row per group × colony × condition × timepoint; columns in docs/cart-export.md: ' +
          "the spec's, then each row's dataset id and version, licence, citation key and how " +
          'each ED value was computed. UTF-8 with a byte-order mark, CRLF line ends, RFC 4180 ' +
          'quoting, spreadsheet formulas neutralised. Streamed. The citations and licences of ' +
          'its datasets: POST /api/auth/cart/export/citations/ with the same body.',
        body: ZCartExportRequest,
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const stream = await cart.exportCsv(await authenticator.user(request), request.body);
      reply
        .type(CART_EXPORT_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${CART_EXPORT_FILENAME}"`);
      // A stream is sent as is; the cast only tells the type provider it is the CSV body.
      return (reply as FastifyReply).send(stream);
    },
  );

  app.post(
    '/api/auth/cart/export/citations/',
    {
      schema: {
        tags: ['cart'],
        summary: `Citations and licences of an export (${CART_EXPORT_CITATIONS_FILENAME})`,
        description:
          'Same body as POST /api/auth/cart/export/. How to cite every dataset version the ' +
          "export's rows come from (keyed by their citation_key) and the licences they come " +
          'under, as the README and LICENCES.txt of an open download say them. Plain text, ' +
          'UTF-8 (docs/decisions/0054-cart-export-provenance.md).',
        body: ZCartExportRequest,
        response: {
          200: {
            description: 'The text file',
            content: { 'text/plain': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const text = await cart.exportCitations(await authenticator.user(request), request.body);
      reply
        .type(CART_EXPORT_CITATIONS_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${CART_EXPORT_CITATIONS_FILENAME}"`);
      return (reply as FastifyReply).send(text);
    },
  );
};
