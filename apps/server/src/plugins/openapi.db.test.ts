import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestAgent } from '../../test/auth-client';
import { curator } from '../../test/dataset-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';
import { OPENAPI_EXAMPLES, type RecordedExample } from './openapi';

/**
 * Every operation's example in the OpenAPI document is a real answer on the seed database,
 * recorded in openapi-examples.json. This test checks each against the live app; run it with
 * RECORD_OPENAPI_EXAMPLES=1 to record them again (docs/decisions/0051-api-clients.md).
 */
const EXAMPLES_FILE = path.join(import.meta.dirname, 'openapi-examples.json');
const RECORD = process.env.RECORD_OPENAPI_EXAMPLES === '1';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
}
type Example = Record<string, unknown>;
type Document = {
  openapi: string;
  servers?: { url: string }[];
  info: { license?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
};

/**
 * What differs on every run: the time of an answer (a statistic's "last updated") and a fresh
 * CSRF token.
 */
const VARYING = new RegExp(
  [
    '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z',
    '[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}',
  ].join('|'),
  'g',
);
const withoutTimes = (example: RecordedExample): unknown =>
  JSON.parse(JSON.stringify(example).replace(VARYING, '<varies>'));

/**
 * Operations whose answer cannot be a recorded example: a binary archive, a redirect to ORCID,
 * and calls that change data or need data made first (a cart, a snapshot, an upload).
 */
const WITHOUT_EXAMPLE = new Set([
  'getPublicDownloadsMapDwcaZip',
  'getPublicProjectsByProjectIdDownloadsDwcaZip',
  'getPublicDatasetsByDatasetIdVersionsByVersionDownloadsDwcaZip',
  'getPublicSnapshotsBySnapshotIdDownloadsDwcaZip',
  'getAuthCartGroupByGroupIdDownloadsDwcaZip',
  'getAuthOrcidStart',
  'getAuthOrcidCallback',
  'getPublicSnapshotsBySnapshotId',
  'getPublicSnapshotsBySnapshotIdDataciteJson',
  'getPublicSnapshotsBySnapshotIdDownloadsColoniesCsv',
  'getPublicSnapshotsBySnapshotIdDownloadsColoniesGeojson',
  'getPublicSnapshotsBySnapshotIdDownloadsCitationCff',
  'getPublicSnapshotsBySnapshotIdDownloadsQueryJson',
  'getAuthCartGroupByGroupIdDownloadsColoniesCsv',
  'getAuthCartGroupByGroupIdDownloadsColoniesGeojson',
  'getAuthCartGroupByGroupIdDownloadsCitationCff',
  'getAuthCartGroupByGroupIdDownloadsQueryJson',
  'getAuthUploadsByUploadId',
  'getPublicColoniesClustersMembers',
]);

let ctx: TestContext;
let document: Document;
let agent: TestAgent;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  document = (await ctx.app.inject({ url: '/api/docs/json' })).json<Document>();
  await createUser(ctx.database.db, 'reader');
  await curator(ctx.database.db, 'reader');
  agent = new TestAgent(ctx.app);
  await agent.loginOrThrow('reader');
  const list = async (url: string) => (await ctx.app.inject({ url })).json<Example[]>();
  const smallest = (items: Example[], size: (item: Example) => number) =>
    items.reduce((best, item) => (size(item) < size(best) ? item : best));
  const colony = (await list('/api/public/colonies/?limit=1'))[0]!;
  // The smallest project and dataset keep their examples (whole pages, whole files) short.
  const project = smallest(await list('/api/public/projects/'), (p) => Number(p.colony_count));
  const dataset = smallest(await list('/api/public/datasets/'), (d) =>
    Number((d.counts as { colonies: number }).colonies),
  );
  ids.colonyId = String(colony.id);
  ids.projectId = String(project.id);
  ids.datasetId = String(dataset.id);
  ids.version = String(dataset.version);
  ids.species = String(colony.species);
});
afterAll(() => ctx.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
  );

/** The request each example answers: small pages and one small filter keep the document short. */
function exampleRequest(url: string): string {
  const species = encodeURIComponent(ids.species!);
  const filled = url
    .replace('{colonyId}', ids.colonyId!)
    .replace('{projectId}', ids.projectId!)
    .replace('{datasetId}', ids.datasetId!)
    .replace('{version}', ids.version!)
    .replace('{name}', species);
  if (/^\/api\/public\/(colonies|biosamples|projects)\/$/.test(url)) return `${filled}?limit=2`;
  if (url === '/api/public/colonies/ids/') return `${filled}?species=${species}`;
  if (url === '/api/public/colonies/clusters/') {
    return `${filled}?species=${species}&zoom=0&bbox=-180,-85,180,85`;
  }
  if (url.startsWith('/api/public/downloads/map/')) {
    return `${filled}?species=${species}&absThermalTolerance=38,39`;
  }
  return filled;
}

/** The answer as the document describes it: a JSON value, or text for a file (GeoJSON too). */
async function answer(request: string, operation: Operation): Promise<RecordedExample> {
  const response = await agent.request({ url: request });
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!;
  const success = operation.responses[String(response.statusCode)] as
    { content?: Record<string, { schema?: { type?: unknown } }> } | undefined;
  const isText = success?.content?.[contentType]?.schema?.type === 'string';
  const body: unknown =
    contentType.endsWith('json') && !isText ? response.json<unknown>() : response.body;
  return { request, status: response.statusCode, contentType, body };
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with servers, a licence and the security schemes', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers?.[0]?.url).toBe(ctx.config.publicUrl);
    expect(document.info.license?.name).toBe('MIT');
  });

  it('names every operation once, in camelCase', () => {
    const names = operations().map(({ operation }) => operation.operationId ?? '');
    expect(
      names.filter((name) => !/^(get|post|put|delete|patch)[A-Z][A-Za-z0-9]*$/.test(name)),
    ).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('getPublicColonies');
    expect(names).toContain('getPublicColoniesByColonyId');
    expect(names).toContain('getPublicDownloadsMapColoniesCsv');
  });

  it('asks a session for private routes and the CSRF pair for changes, nothing for reads', () => {
    const wrong = operations().filter(({ url, method, operation }) => {
      const schemes = new Set(Object.keys(operation.security?.[0] ?? {}));
      const unsafe = method !== 'get';
      const anonymous =
        url.startsWith('/api/public/') ||
        /\/(status|csrf|login|logout|orcid\/(start|callback))\/$/.test(url);
      return (
        schemes.has('sessionCookie') === anonymous ||
        schemes.has('csrfHeader') !== unsafe ||
        schemes.has('csrfCookie') !== unsafe
      );
    });
    expect(wrong.map(({ method, url }) => `${method} ${url}`)).toEqual([]);
  });

  it('documents the upload as multipart form fields', () => {
    const upload = document.paths['/api/auth/upload-csv/']!.post!;
    const form = upload.requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys(form?.properties ?? {}).sort()).toEqual([
      'csv_file',
      'dataset_id',
      'ed50_file',
      'metadata',
    ]);
  });

  it('has a recorded seed example for every read that can have one', () => {
    const missing = operations()
      .filter(({ method }) => method === 'get')
      .map(({ operation }) => operation.operationId!)
      .filter((name) => !WITHOUT_EXAMPLE.has(name) && !OPENAPI_EXAMPLES[name]);
    if (!RECORD) expect(missing).toEqual([]);
  });

  it('shows each example as the success answer of its operation', () => {
    const shown = operations().filter(({ operation }) => {
      const recorded = OPENAPI_EXAMPLES[operation.operationId!];
      if (!recorded) return false;
      const response = operation.responses[String(recorded.status)] as {
        content: Record<string, { examples?: { seed?: { value: unknown } } }>;
      };
      expect(response.content[recorded.contentType]?.examples?.seed?.value).toEqual(recorded.body);
      return true;
    });
    expect(shown.length).toBe(Object.keys(OPENAPI_EXAMPLES).length);
  });

  it('has examples that are what the app answers on the seed database', async () => {
    const recorded: Record<string, RecordedExample> = {};
    for (const { url, method, operation } of operations()) {
      const name = operation.operationId!;
      if (method !== 'get' || WITHOUT_EXAMPLE.has(name)) continue;
      if (!RECORD && !OPENAPI_EXAMPLES[name]) continue;
      const request = RECORD ? exampleRequest(url) : OPENAPI_EXAMPLES[name]!.request;
      const live = await answer(request, operation);
      if (RECORD) {
        if (live.status === 200) recorded[name] = live;
      } else {
        expect({ name, example: withoutTimes(live) }).toEqual({
          name,
          example: withoutTimes(OPENAPI_EXAMPLES[name]!),
        });
      }
    }
    if (RECORD) fs.writeFileSync(EXAMPLES_FILE, `${JSON.stringify(recorded, null, 2)}\n`);
  });
});
