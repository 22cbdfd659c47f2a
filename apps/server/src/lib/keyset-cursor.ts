import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors';

/**
 * Opaque page cursors of the list endpoints (decision 0031): the last id of a page,
 * named after its list, as base64url. Clients pass them back unchanged; the text inside is not a
 * contract.
 */
export function encodeCursor(list: string, lastId: number): string {
  return Buffer.from(`${list}:${lastId}`).toString('base64url');
}

/** The id a cursor of `list` continues after, or null when it is not such a cursor. */
export function decodeCursor(list: string, cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const match = /^([a-z-]+):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || match[1] !== list) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? id : null;
}

/** The most rows one page may ask for (`limit`). */
export const PAGE_LIMIT_MAX = 1000;

const LIMIT_MESSAGE = `limit: expected a whole number from 1 to ${PAGE_LIMIT_MAX}`;

export const BAD_CURSOR_MESSAGE =
  'Invalid cursor: pass the X-Next-Cursor value of the previous page unchanged ' +
  '(or leave cursor out for the first page).';

/** The `limit` and `cursor` query parameters, for a list's querystring schema. */
export const ZPageQuery = {
  limit: z
    .string()
    .regex(/^\d{1,7}$/, LIMIT_MESSAGE)
    .optional()
    .meta({
      description: `At most this many rows (1 to ${PAGE_LIMIT_MAX}); the X-Next-Cursor header continues`,
      example: '500',
    }),
  cursor: z.string().optional().meta({
    description: 'The X-Next-Cursor header of the previous page, unchanged (an opaque text)',
  }),
};

export interface PageRequest {
  limit?: number;
  /** Only rows with a greater id. */
  afterId?: number;
}

/** `limit` and `cursor` of `list` as a page request; a clear 400 when either is wrong. */
export function parsePageQuery(
  list: string,
  query: { limit?: string; cursor?: string },
): PageRequest {
  const limit = query.limit === undefined ? undefined : Number(query.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= PAGE_LIMIT_MAX)) {
    throw badRequest(LIMIT_MESSAGE);
  }
  const afterId = query.cursor === undefined ? undefined : decodeCursor(list, query.cursor);
  if (afterId === null) throw badRequest(BAD_CURSOR_MESSAGE);
  return { limit, afterId };
}

/**
 * A page of rows in id order from rows read with one more than the limit: the page and the id the
 * next one starts after (null on the last page).
 */
export function pageOf<T extends { id: number }>(
  rows: T[],
  limit: number | undefined,
): { rows: T[]; nextAfterId: number | null } {
  if (limit === undefined || rows.length <= limit) return { rows, nextAfterId: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextAfterId: page[page.length - 1]!.id };
}

/** While more rows follow: the next cursor in X-Next-Cursor, and the next page's URL in Link. */
export function setNextPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  list: string,
  nextAfterId: number | null,
): void {
  if (nextAfterId === null) return;
  const next = encodeCursor(list, nextAfterId);
  const [path = '', query = ''] = request.url.split('?', 2);
  const search = new URLSearchParams(query);
  search.set('cursor', next);
  reply.header('X-Next-Cursor', next).header('Link', `<${path}?${search.toString()}>; rel="next"`);
}
