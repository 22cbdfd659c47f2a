import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' zod schemas, so it cannot drift from what
 * the server validates. UI at /api/docs, JSON at /api/docs/json.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Coral thermal-tolerance platform API',
        description:
          'Public read API (no login) and the logged-in researcher API. Paths keep their trailing ' +
          'slashes. State-changing calls need the `X-CSRFToken` header (value of the `csrftoken` cookie).',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
