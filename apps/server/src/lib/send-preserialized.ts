import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that was serialised (and possibly compressed) ahead of time. Fastify passes Buffers
 * through untouched; the cast only tells the type provider that the bytes match the schema.
 */
export function sendPreserialized(reply: FastifyReply, body: Buffer): FastifyReply {
  return (reply as FastifyReply).send(body);
}
