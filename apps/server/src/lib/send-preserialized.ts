import { pipeline, Readable, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip, createGzip, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends JSON that was serialised (and possibly compressed) ahead of time, whole or as a stream.
 * Fastify passes Buffers and streams through untouched; taking the untyped reply tells the type
 * provider the bytes match the schema.
 */
export function sendPreserialized(reply: FastifyReply, body: Buffer | Readable): FastifyReply {
  return reply.send(body);
}

const gzipAsync = promisify(gzip);

/** Answers this small are not worth compressing. */
const GZIP_MIN_BYTES = 1024;

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
  return sendKeptJson(request, reply, body);
}

/** Answers JSON kept both as text and gzipped: the gzipped bytes when the client accepts them. */
export function sendKeptJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: { json: Buffer; gzipped: Buffer },
): FastifyReply {
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  return acceptsGzip(request)
    ? sendPreserialized(reply.header('Content-Encoding', 'gzip'), body.gzipped)
    : sendPreserialized(reply, body.json);
}

/** JSON of one data version kept only gzipped (too long to keep, or to hold, as text). */
export interface VersionedGzip {
  etag: string;
  gzipped: Buffer;
}

/**
 * Answers a VersionedGzip: 304 for a current copy, the gzipped bytes when the client accepts
 * them, else those bytes inflated as they are sent.
 */
export function sendVersionedGzip(
  request: FastifyRequest,
  reply: FastifyReply,
  body: VersionedGzip,
): FastifyReply {
  if (isClientCopyCurrent(request, reply, body.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request)) {
    return sendPreserialized(reply.header('Content-Encoding', 'gzip'), body.gzipped);
  }
  return sendPreserialized(reply, streamed(request, Readable.from([body.gzipped]), createGunzip()));
}

/**
 * Sends a JSON text given in pieces as they come, gzip-encoded when the client accepts it: a long
 * list is never held whole.
 */
export function sendJsonPieces(
  request: FastifyRequest,
  reply: FastifyReply,
  pieces: AsyncIterable<Buffer>,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const source = Readable.from(pieces);
  if (!acceptsGzip(request)) return sendPreserialized(reply, source);
  return sendPreserialized(
    reply.header('Content-Encoding', 'gzip'),
    streamed(request, source, createGzip()),
  );
}

/**
 * The source through a transform. A failed read ends the response early and a client that left
 * is not an error (decision 0024): either is logged at debug level, never thrown.
 */
function streamed(request: FastifyRequest, source: Readable, transform: Transform): Transform {
  return pipeline(source, transform, (error) => {
    if (error) request.log.debug({ err: error }, 'streamed answer ended early');
  });
}

/** A JSON answer computed for this request: gzipped when the client accepts it and it is worth it. */
export async function sendComputedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: Buffer,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request) && json.length >= GZIP_MIN_BYTES) {
    return sendPreserialized(reply.header('Content-Encoding', 'gzip'), await gzipAsync(json));
  }
  return sendPreserialized(reply, json);
}
