import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, SESSION_COOKIE_NAME } from '@coral/core';
import { ANONYMOUS_AUTH_ROUTES, PRIVATE_API_PREFIX } from './authentication';
import recordedExamples from './openapi-examples.json' with { type: 'json' };

/** One recorded response: the request it answers and the body (see openapi.test.ts). */
export interface RecordedExample {
  /** GET when absent. */
  method?: string;
  request: string;
  payload?: unknown;
  status: number;
  contentType: string;
  body: unknown;
}

export const OPENAPI_EXAMPLES = recordedExamples as Record<string, RecordedExample>;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The security scheme names the operations refer to (docs/decisions/0051-api-clients.md). */
const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE_NAME,
    description: 'The session cookie set by POST /api/auth/login/ (or the ORCID sign-in).',
  },
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: CSRF_COOKIE_NAME,
    description: 'The CSRF token cookie set by GET /api/auth/csrf/.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER_NAME,
    description: `Every POST, PUT, PATCH and DELETE echoes the ${CSRF_COOKIE_NAME} cookie here.`,
  },
} as const;

/**
 * A stable operationId from the method and path, which are the contract: `GET
 * /api/public/colonies/{colonyId}/` is `getPublicColoniesByColonyId`, `GET
 * …/downloads/colonies.csv` ends in `ColoniesCsv`. A route may name itself in its schema instead.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const parameter = /^[:{](\w+)}?$/.exec(segment);
      if (parameter) return ['by', ...splitWords(parameter[1]!)];
      return splitWords(segment);
    });
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => (word === word.toUpperCase() ? word.toLowerCase() : word));
}

type SecurityRequirement = Record<string, readonly string[]>;

/**
 * What a call needs, from the server's two rules: everything under /api/auth/ needs a session
 * unless it is one of the anonymous routes (plugins/authentication.ts), and every unsafe method
 * needs the CSRF header matching the CSRF cookie (plugins/csrf.ts). Public reads need nothing.
 */
export function securityFor(method: string, url: string): SecurityRequirement[] {
  const requirement: Record<string, string[]> = {};
  if (url.startsWith(PRIVATE_API_PREFIX) && !ANONYMOUS_AUTH_ROUTES.has(url)) {
    requirement.sessionCookie = [];
  }
  if (UNSAFE_METHODS.has(method.toUpperCase())) {
    requirement.csrfCookie = [];
    requirement.csrfHeader = [];
  }
  return Object.keys(requirement).length === 0 ? [] : [requirement];
}

const describeOperation: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0] ?? 'GET';
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      operationId: input.schema?.operationId ?? operationIdFor(method, input.url),
      security: input.schema?.security ?? securityFor(method, input.url),
    },
  };
};

/**
 * For a route that reads its body itself (multipart): the request body the document shows, as
 * JSON schema, without Fastify validating it. Use as the route's `config.swaggerTransform`.
 */
export function documentedBody(body: Record<string, unknown>): SwaggerTransform {
  return (input) => {
    const transformed = describeOperation(input);
    return { ...transformed, schema: { ...transformed.schema, body } };
  };
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Cleans what the zod conversion leaves behind: `allOf` of one schema (a `$ref` with a
 * description) becomes the `$ref` itself, which OpenAPI 3.1 allows beside other keywords, and
 * the same alternative twice in an `anyOf` (a number or a numeric string, both numbers once
 * coerced) is kept once.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!isObject(node)) return node;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) result[key] = simplify(value);
  if (Array.isArray(result.allOf) && result.allOf.length === 1 && isObject(result.allOf[0])) {
    const [only] = result.allOf as JsonObject[];
    delete result.allOf;
    Object.assign(result, only, { ...result });
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const alternatives = result[keyword];
    if (!Array.isArray(alternatives)) continue;
    const seen = new Set<string>();
    const unique = alternatives.filter((alternative) => {
      const key = JSON.stringify(alternative);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (unique.length === 1 && isObject(unique[0])) {
      delete result[keyword];
      Object.assign(result, unique[0], { ...result });
    } else {
      result[keyword] = unique;
    }
  }
  return result;
}

/** Component schemas no operation reaches (directly or through other components) are dropped. */
function withoutUnusedComponents(document: JsonObject): JsonObject {
  const components = (document.components ?? {}) as JsonObject;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document.paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/** The recorded seed response of each operation, as its success response's example. */
function withExamples(document: JsonObject): JsonObject {
  for (const operations of Object.values((document.paths ?? {}) as JsonObject)) {
    for (const operation of Object.values(operations as JsonObject)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const recorded = OPENAPI_EXAMPLES[operation.operationId];
      if (!recorded) continue;
      const responses = (operation.responses ?? {}) as JsonObject;
      const response = (responses[String(recorded.status)] ?? {}) as JsonObject;
      const content = (response.content ?? {}) as JsonObject;
      const mediaType = (content[recorded.contentType] ?? {}) as JsonObject;
      content[recorded.contentType] = {
        ...mediaType,
        examples: {
          seed: {
            summary: `${recorded.method ?? 'GET'} ${recorded.request} on the seed database`,
            ...(recorded.payload === undefined
              ? {}
              : { description: `Request body: \`${JSON.stringify(recorded.payload)}\`` }),
            value: recorded.body,
          },
        },
      };
      responses[String(recorded.status)] = { description: 'Success', ...response, content };
      operation.responses = responses;
    }
  }
  return document;
}

export interface OpenApiOptions {
  /** Where the API is served (the document's `servers`). */
  publicUrl: string;
}

/**
 * The OpenAPI document is generated from the routes' zod schemas, so it cannot drift from what
 * the server validates. UI at /api/docs, JSON at /api/docs/json; `npm run lint:openapi` writes
 * and lints it (docs/decisions/0051-api-clients.md).
 */
export async function registerOpenApi(app: FastifyInstance, { publicUrl }: OpenApiOptions) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Coral thermal-tolerance platform API',
        description:
          'Public read API (no login) and the logged-in researcher API. Paths keep their trailing ' +
          'slashes. State-changing calls need the `X-CSRFToken` header (value of the `csrftoken` cookie).',
        version: '1.0.0',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: publicUrl, description: 'This deployment' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeOperation,
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as JsonObject;
      return withExamples(withoutUnusedComponents(simplify(document) as JsonObject));
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
