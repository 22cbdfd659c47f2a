import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialised (and possibly compressed) ahead of time. Fastify passes Buffers
 * through untouched; taking the untyped reply tells the type provider the bytes match the schema.
 */
export function sendPreserialized(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.send(body);
}
