import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD, TestAgent } from '../../test/auth-client';
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
const withoutTimes = (example: RecordedExample, made: string[] = []): unknown => {
  let text = JSON.stringify(example).replace(VARYING, '<varies>');
  // A snapshot's id is random: its answers are compared with the id left out.
  for (const id of made) text = text.split(id).join('<made>');
  return JSON.parse(text) as unknown;
};

/**
 * Operations whose answer cannot be a recorded example: binary archives, the ORCID redirects, and
 * calls that need an upload or a dataset in review first (the upload and review workflow).
 */
const WITHOUT_EXAMPLE = new Set([
  'getPublicDownloadsMapDwcaZip',
  'getPublicProjectsByProjectIdDownloadsDwcaZip',
  'getPublicDatasetsByDatasetIdVersionsByVersionDownloadsDwcaZip',
  'getPublicSnapshotsBySnapshotIdDownloadsDwcaZip',
  'getAuthCartGroupByGroupIdDownloadsDwcaZip',
  'getPublicCompareAnalysesRZip',
  'getAuthCartCompareAnalysesRZip',
  'getAuthOrcidStart',
  'getAuthOrcidCallback',
  'postAuthOrcidUnlink',
  'getPublicColoniesClustersMembers',
  'postAuthUploadCsv',
  'getAuthUploadsByUploadId',
  'deleteAuthDatasetsByDatasetIdVersionsByVersion',
  'putAuthDatasetsByDatasetIdVersionsByVersionMetadata',
  'postAuthDatasetsByDatasetIdVersionsByVersionSubmit',
  'postAuthDatasetsByDatasetIdVersionsByVersionApprove',
  'postAuthDatasetsByDatasetIdVersionsByVersionReject',
  'postAuthDatasetsByDatasetIdWithdraw',
  // A version's page: its negotiated answers are the examples of the citation files it serves
  // (…/citation.bib, …/datacite.json, …), and its HTML is the web app's (decision 0057).
  'getDatasetsByDatasetIdVersionsByVersion',
]);

const DOWNLOAD_FILES: Record<string, string> = {
  ColoniesCsv: 'colonies.csv',
  ColoniesGeojson: 'colonies.geojson',
  CitationCff: 'CITATION.cff',
  QueryJson: 'query.json',
  DatapackageJson: 'datapackage.json',
};

/** A call of the scenario below: `{groupId}` and `{snapshotId}` are what earlier calls made. */
interface ScenarioCall {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: (ids: Record<string, string>) => Record<string, unknown>;
}

/**
 * The calls that change data, and the reads of what they make, in the order a user makes them:
 * a cart group, its downloads and export, a snapshot of it and its files, then logging out and in.
 */
const SCENARIO: ScenarioCall[] = [
  {
    name: 'postAuthCart',
    method: 'POST',
    url: '/api/auth/cart/',
    payload: (ids) => ({
      colony_ids: [Number(ids.colonyId)],
      filter_params: { species: ids.species },
      name: 'Example group',
    }),
  },
  ...Object.keys(DOWNLOAD_FILES).map((file): ScenarioCall => ({
    name: `getAuthCartGroupByGroupIdDownloads${file}`,
    method: 'GET',
    url: `/api/auth/cart/group/{groupId}/downloads/${DOWNLOAD_FILES[file]}`,
  })),
  ...['', 'analyses.csv'].map((file): ScenarioCall => ({
    name: file ? 'getAuthCartCompareAnalysesCsv' : 'getAuthCartCompare',
    method: 'GET',
    url: `/api/auth/cart/compare/${file}?groupIds={groupId}&groupBy=group`,
  })),
  {
    name: 'putAuthCartGroupByGroupId',
    method: 'PUT',
    url: '/api/auth/cart/group/{groupId}/',
    payload: () => ({ name: 'Renamed group' }),
  },
  {
    name: 'postAuthCartExport',
    method: 'POST',
    url: '/api/auth/cart/export/',
    payload: (ids) => ({ group_ids: [Number(ids.groupId)], export_all: false }),
  },
  {
    name: 'postAuthCartExportCitations',
    method: 'POST',
    url: '/api/auth/cart/export/citations/',
    payload: (ids) => ({ group_ids: [Number(ids.groupId)], export_all: false }),
  },
  {
    name: 'postAuthSnapshots',
    method: 'POST',
    url: '/api/auth/snapshots/',
    payload: (ids) => ({
      source: 'cart-group',
      group_id: Number(ids.groupId),
      hide_flagged: false,
    }),
  },
  {
    name: 'getPublicSnapshotsBySnapshotId',
    method: 'GET',
    url: '/api/public/snapshots/{snapshotId}/',
  },
  {
    name: 'getPublicSnapshotsBySnapshotIdDataciteJson',
    method: 'GET',
    url: '/api/public/snapshots/{snapshotId}/datacite.json',
  },
  ...Object.keys(DOWNLOAD_FILES).map((file): ScenarioCall => ({
    name: `getPublicSnapshotsBySnapshotIdDownloads${file}`,
    method: 'GET',
    url: `/api/public/snapshots/{snapshotId}/downloads/${DOWNLOAD_FILES[file]}`,
  })),
  {
    name: 'deleteAuthCart',
    method: 'DELETE',
    url: '/api/auth/cart/',
    payload: (ids) => ({ group_id: Number(ids.groupId) }),
  },
  { name: 'postAuthLogout', method: 'POST', url: '/api/auth/logout/' },
  {
    name: 'postAuthLogin',
    method: 'POST',
    url: '/api/auth/login/',
    payload: () => ({ username: 'reader', password: TEST_PASSWORD }),
  },
  // Last, so that no example above reads the revised description (decision 0064). ORCID's own
  // test record (Josiah Carberry) stands for a creator: no real person is credited here.
  {
    name: 'postAuthDatasetsByDatasetIdVersionsByVersionRevisions',
    method: 'POST',
    url: '/api/auth/datasets/{datasetId}/versions/{version}/revisions/',
    payload: () => ({
      creators: [{ name: 'Carberry, Josiah', orcid: 'https://orcid.org/0000-0002-1825-0097' }],
      note: 'Creator as named by the source platform on request',
    }),
  },
  {
    name: 'getPublicDatasetsByDatasetIdVersionsByVersionRevisions',
    method: 'GET',
    url: '/api/public/datasets/{datasetId}/versions/{version}/revisions/',
  },
];

const IN_SCENARIO = new Set(SCENARIO.map((call) => call.name));

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
    .replace('{name}', species)
    .replace('{termId}', 'ed50-absolute');
  if (/^\/api\/public\/(colonies|biosamples|projects)\/$/.test(url)) return `${filled}?limit=2`;
  if (url === '/api/public/colonies/ids/') return `${filled}?species=${species}`;
  if (url === '/api/public/colonies/clusters/') {
    return `${filled}?species=${species}&zoom=0&bbox=-180,-85,180,85`;
  }
  if (url.startsWith('/api/public/downloads/map/')) {
    return `${filled}?species=${species}&absThermalTolerance=38,39`;
  }
  if (url.startsWith('/api/public/compare/')) {
    // Two small groups of real data (winter and summer in Fiji) keep the example short.
    return `${filled}?species=Echinopora%20lamellosa&groupBy=condition`;
  }
  if (url === '/oai') return `${filled}?verb=Identify`;
  return filled;
}

/** The answer as the document describes it: a JSON value, or text for a file (GeoJSON too). */
async function answer(
  request: string,
  operation: Operation,
  call: Pick<ScenarioCall, 'method'> & { payload?: Record<string, unknown> } = { method: 'GET' },
): Promise<RecordedExample> {
  if (call.method !== 'GET') await agent.fetchCsrf();
  const response = await agent.request({
    method: call.method,
    url: request,
    payload: call.payload,
  });
  const contentType = String(response.headers['content-type'] ?? '').split(';')[0]!;
  const success = operation.responses[String(response.statusCode)] as
    { content?: Record<string, { schema?: { type?: unknown } }> } | undefined;
  const isText = success?.content?.[contentType]?.schema?.type === 'string';
  const body: unknown =
    contentType.endsWith('json') && !isText ? response.json<unknown>() : response.body;
  return {
    ...(call.method === 'GET' ? {} : { method: call.method }),
    request,
    ...(call.payload ? { payload: call.payload } : {}),
    status: response.statusCode,
    contentType,
    body,
  };
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
        !url.startsWith('/api/') ||
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

  it('has a recorded seed example for every operation that can have one', () => {
    const missing = operations()
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
      if (method !== 'get' || WITHOUT_EXAMPLE.has(name) || IN_SCENARIO.has(name)) continue;
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
    const byName = new Map(operations().map((entry) => [entry.operation.operationId!, entry]));
    const made: Record<string, string> = { ...ids };
    for (const call of SCENARIO) {
      const { url, operation } = byName.get(call.name)!;
      expect(url.replace(/\{\w+\}/g, '{}')).toBe(call.url.split('?')[0]!.replace(/\{\w+\}/g, '{}'));
      const request = call.url.replace(/\{(\w+)\}/g, (_match, key: string) => made[key]!);
      const live = await answer(request, operation, { ...call, payload: call.payload?.(made) });
      const body = live.body as { group_id?: number; id?: string };
      if (call.name === 'postAuthCart') made.groupId = String(body.group_id);
      if (call.name === 'postAuthSnapshots') made.snapshotId = String(body.id);
      expect(live.status, `${call.name}: ${JSON.stringify(live.body)}`).toBeLessThan(300);
      const shown = { ...live, request: call.url };
      if (RECORD) recorded[call.name] = shown;
      else {
        expect({
          name: call.name,
          example: withoutTimes(shown, made.snapshotId ? [made.snapshotId] : []),
        }).toEqual({
          name: call.name,
          example: withoutTimes(OPENAPI_EXAMPLES[call.name]!, [
            String((OPENAPI_EXAMPLES.postAuthSnapshots?.body as { id?: string } | undefined)?.id),
          ]),
        });
      }
    }
    if (RECORD) {
      // Written as the repository's formatter writes it, so the format check stays clean.
      const options = (await prettier.resolveConfig(EXAMPLES_FILE)) ?? {};
      const text = await prettier.format(JSON.stringify(recorded), { ...options, parser: 'json' });
      fs.writeFileSync(EXAMPLES_FILE, text);
    }
  });
});
