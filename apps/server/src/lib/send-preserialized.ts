import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends JSON that was serialised (and possibly compressed) ahead of time, whole or as a stream.
 * Fastify passes Buffers and streams through untouched; taking the untyped reply tells the type
 * provider the bytes match the schema.
 */
export function sendPreserialized(reply: FastifyReply, body: Buffer | Readable): FastifyReply {
  return reply.send(body);
}

export const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

/**
 * The validation headers of an answer cached per data version; true when the client's copy is
 * current (answer 304).
 */
export function isClientCopyCurrent(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
): boolean {
  reply.header('ETag', etag).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  return request.headers['if-none-match'] === etag;
}

/** JSON of one data version, serialised and gzipped once. */
export interface VersionedJson {
  etag: string;
  json: Buffer;
  gzipped: Buffer;
}

/** Answers a VersionedJson: 304 for a current copy, else gzipped when the client accepts it. */
export function sendVersionedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: VersionedJson,
): FastifyReply {
  if (isClientCopyCurrent(request, reply, body.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  return acceptsGzip(request)
    ? sendPreserialized(reply.header('Content-Encoding', 'gzip'), body.gzipped)
    : sendPreserialized(reply, body.json);
}
