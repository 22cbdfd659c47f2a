import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import {
  endpointsOf,
  undocumented,
  WEB_ENDPOINT_TABLE,
  type Endpoint,
  type OpenApiDocument,
} from '../../test/web-endpoint-table';

/**
 * The web app calls only the paths of its endpoint table (apps/web/src/lib/api-endpoints.ts),
 * typed by hand; each must be a route of the server, with that method, as the OpenAPI document
 * generated from the routes says.
 */
let ctx: TestContext;
let document: OpenApiDocument;
let table: Endpoint[];

beforeAll(async () => {
  ctx = await createTestApp();
  document = (await ctx.app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
  table = endpointsOf(WEB_ENDPOINT_TABLE);
  // The app and a TypeScript program of the web's sources: up to a minute on a busy machine.
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe("the web's endpoint table", () => {
  it('names only paths and methods of the OpenAPI document', () => {
    expect(table.length).toBeGreaterThan(40);
    // Mapped entries are read too: one max-min path per threshold kind.
    expect(table).toContainEqual({ method: 'get', path: '/api/public/thermal-limits/max-min/' });
    expect(table).toContainEqual({ method: 'post', path: '/api/auth/upload-csv/' });
    expect(undocumented(table, document)).toEqual([]);
  });

  // Reading the table again with the compiler takes seconds on a busy machine.
  it(
    'fails for a mistyped path, a wrong method and a wrong placeholder',
    { timeout: 90_000 },
    () => {
      const source = fs
        .readFileSync(WEB_ENDPOINT_TABLE, 'utf8')
        .replace("'/api/public/statistics/':", "'/api/public/statistic/':")
        .replace("'/api/auth/review/':", "'/api/auth/review':")
        .replace("'/api/auth/snapshots/': {", "'/api/auth/snapshot/': {")
        .replace("'/api/public/projects/{projectId}/':", "'/api/public/projects/{id}/':");
      const mistyped = endpointsOf(WEB_ENDPOINT_TABLE, source);
      expect(undocumented(mistyped, document)).toEqual([
        'GET /api/public/statistic/',
        'GET /api/public/projects/{id}/',
        'GET /api/auth/review',
        'POST /api/auth/snapshot/',
      ]);
      expect(undocumented([{ method: 'put', path: '/api/public/statistics/' }], document)).toEqual([
        'PUT /api/public/statistics/',
      ]);
    },
  );
});
