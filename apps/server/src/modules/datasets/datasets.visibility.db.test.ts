import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatasetSummary } from '@coral/core';
import { createUser, TestAgent } from '../../../test/auth-client';
import { COMPLETE_METADATA, studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { usersService } from '../users/users.service';

/**
 * The security walk (decision 0012): drafts, versions in review, rejected, embargoed and withdrawn data
 * never appear in a public answer. One dataset is put in each state; then every public GET route
 * of the OpenAPI document — so a route added later is walked too — is asked with each hidden
 * thing's id in its path and with the colony filters naming the hidden species, projects and
 * values, and must answer exactly as it did before those datasets existed.
 */
let app: UploadTestApp;
let ann: TestAgent;
let cora: TestAgent;
let anonymous: TestAgent;

/** ED50 above every seed colony (44.06), still plausible: a leak into statistics or ranges shows as this value. */
const HIDDEN_ED50 = 44.8;
const HIDDEN_STATES = ['draft', 'in_review', 'rejected', 'embargoed', 'withdrawn'] as const;
type HiddenState = (typeof HIDDEN_STATES)[number];

interface Hidden {
  state: HiddenState;
  datasetId: number;
  label: string;
}

beforeAll(async () => {
  // The walk downloads every public file many times as one anonymous client.
  app = await openUploadTestApp({ DOWNLOAD_MAX_ANONYMOUS_PER_WINDOW: '100000' });
  ({ ann } = app);
  await createUser(app.ctx.database.db, 'cora');
  await usersService.setRole(app.ctx.database.db, 'cora', 'curator');
  cora = await new TestAgent(app.ctx.app).loginOrThrow('cora');
  anonymous = new TestAgent(app.ctx.app);
});
afterAll(() => closeUploadTestApp(app));

const versionUrl = (id: number) => `/api/auth/datasets/${id}/versions/1`;
async function call(agent: TestAgent, method: 'PUT' | 'POST', url: string, payload: object) {
  const response = await agent.request({ method, url, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
}
const describeAndSubmit = async (id: number, metadata: object = COMPLETE_METADATA) => {
  await call(ann, 'PUT', `${versionUrl(id)}/metadata/`, metadata);
  await call(ann, 'POST', `${versionUrl(id)}/submit/`, {});
};
const approve = (id: number) =>
  call(cora, 'POST', `${versionUrl(id)}/approve/`, { message: 'Quality flags checked.' });
const withdraw = (id: number) =>
  call(ann, 'POST', `/api/auth/datasets/${id}/withdraw/`, { reason: 'Test withdrawal.' });

/** Takes a new draft of ann's to `state`, as the pages would. */
async function datasetIn(state: HiddenState, label: string): Promise<Hidden> {
  const { datasetId } = await uploadDraft(app.ctx, ann, studyVariant(label, { ed50: HIDDEN_ED50 }));
  if (state !== 'draft') {
    const embargo = state === 'embargoed' ? `${new Date().getUTCFullYear() + 2}-01-01` : null;
    await describeAndSubmit(datasetId, { ...COMPLETE_METADATA, embargo_until: embargo });
  }
  if (state === 'rejected') {
    await call(cora, 'POST', `${versionUrl(datasetId)}/reject/`, { message: 'Not yet.' });
  }
  if (state === 'embargoed' || state === 'withdrawn') await approve(datasetId);
  if (state === 'withdrawn') await withdraw(datasetId);
  return { state, datasetId, label };
}

/** The public GET routes, from the OpenAPI document the server serves. */
async function publicGetPaths(): Promise<string[]> {
  const document = (await anonymous.request({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(document.paths)
    .filter(([path, operations]) => path.startsWith('/api/public/') && 'get' in operations)
    .map(([path]) => path);
}

/**
 * The parameters a map route needs: the markers a view (the whole world, where every marker of
 * the data shows); a marker's members a marker and the data version of the walk: the site in
 * the Red Sea where the hidden datasets' colonies are (and no seed colony is).
 */
const withView = (path: string, dataVersion: number) =>
  path === '/api/public/colonies/clusters/'
    ? '&zoom=2&bbox=-180,-85,180,85'
    : path === '/api/public/colonies/clusters/members/'
      ? `&marker=site:22.29634,38.95914&data_version=${dataVersion}`
      : '';

/** The data version now (members are asked for the current one). */
const currentDataVersion = async () =>
  (await anonymous.request({ url: '/api/public/colonies/ids/' })).json<{ data_version: number }>()
    .data_version;

/** Every URL to ask: each path with each id in its parameters, and the feed's filters. */
function urlsToWalk(
  paths: string[],
  ids: { project: number[]; dataset: number[] },
  hidden: Hidden[],
  dataVersion: number,
) {
  // A list in a fixed order, not a set: the walk before and after pairs URLs by position.
  const urls: string[] = [];
  for (const path of paths) {
    const parameters = path.match(/\{[^}]+\}/g) ?? [];
    if (parameters.length === 0) {
      urls.push(`${path}${withView(path, dataVersion).replace('&', '?')}`);
    }
    const idsOf = (parameter: string) =>
      parameter === '{projectId}' ? ids.project : parameter === '{datasetId}' ? ids.dataset : [1];
    for (const parameter of parameters) {
      for (const id of idsOf(parameter)) {
        urls.push(
          path
            .replace(parameter, String(id))
            .replace(/\{version\}/g, '1')
            .replace(/\{[^}]+\}/g, '1'),
        );
      }
    }
  }
  for (const { label } of hidden) {
    const queries = [
      `species=${encodeURIComponent(`${label}ia secreta`)}`,
      `project=${encodeURIComponent(`${label} study`)}`,
      `ed50=${HIDDEN_ED50 - 0.5},${HIDDEN_ED50 + 0.5}`,
      `q=${encodeURIComponent(label)}`,
    ];
    for (const query of queries) {
      for (const path of paths.filter((p) => !p.includes('{'))) {
        urls.push(`${path}?${query}${withView(path, dataVersion)}`);
      }
    }
  }
  return urls;
}

/**
 * Each URL's status and body, without the statistics' last_updated and the data summary's data
 * version: the counter and time of the newest data change move with any publication (here: the
 * withdrawn dataset's), and say nothing of its data.
 */
async function answers(urls: string[]): Promise<string[]> {
  const result: string[] = [];
  for (const url of urls) {
    const response = await anonymous.request({ url });
    const body = textOf(response)
      .replace(/"last_updated":"[^"]*"/, '"last_updated":"…"')
      .replace(/"data_version":\{[^}]*\}/, '"data_version":"…"')
      // Downloads state when they were made and the data version they were made at.
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '…')
      .replace(/(data[ _-]?version"?[:-]? ?)\d+/gi, '$1…')
      // A data package's version is the data version it was written at.
      .replace(/(profiles\/[\d.]+\/datapackage\.json",[^]*?"version": ")\d+/g, '$1…');
    result.push(`${response.statusCode} ${body}`);
  }
  return result;
}

/** A response's text; an archive's as its files' names and texts, in name order. */
function textOf(response: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) {
  if (response.headers['content-type'] !== 'application/zip') return response.body;
  const files = unzipSync(new Uint8Array(response.rawPayload));
  return Object.keys(files)
    .sort()
    .map((name) => `${name}\n${strFromU8(files[name]!)}`)
    .join('\n');
}

/** Some ids no row will ever have: the "does not exist" answers to compare with. */
const NEVER = [900_001, 900_002, 900_003, 900_004, 900_005];
const isDatasetsRoute = (url: string) => url.startsWith('/api/public/datasets/');

describe('every public route, with one dataset in each hidden state', () => {
  let hidden: Hidden[];
  let paths: string[];
  let before: string[];

  beforeAll(async () => {
    paths = await publicGetPaths();
    // The answers before: the same URLs, with ids that do not exist in the place of the
    // hidden datasets' (the hidden rows must be indistinguishable from no rows).
    const labels = HIDDEN_STATES.map((state) => `Hidden${state.replace('_', '')}`);
    before = await answers(
      urlsToWalk(
        paths,
        { project: NEVER, dataset: NEVER },
        labels.map((label) => ({ label }) as Hidden),
        await currentDataVersion(),
      ),
    );
    hidden = [];
    for (const [index, state] of HIDDEN_STATES.entries()) {
      hidden.push(await datasetIn(state, labels[index]!));
    }
  });

  it('walks the routes it should (a route added later is walked too)', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/public/colonies/',
        '/api/public/colonies/clusters/',
        '/api/public/colonies/clusters/members/',
        '/api/public/colonies/choices/',
        '/api/public/colonies/ids/',
        '/api/public/statistics/',
        '/api/public/data-summary/',
        '/api/public/projects/',
        '/api/public/projects/{projectId}/',
        '/api/public/biosamples/',
        '/api/public/datasets/',
        '/api/public/datasets/{datasetId}/',
      ]),
    );
    expect(paths.some((path) => path.endsWith('/max-min/'))).toBe(true);
  });

  it('colonies, filters, statistics, ranges, projects and biosamples answer as if they did not exist', async () => {
    const projectIds = await Promise.all(
      hidden.map(async ({ datasetId }) => {
        const detail = await ann.request({ url: `/api/auth/datasets/${datasetId}/` });
        return detail.json<{ project: { id: number } }>().project.id;
      }),
    );
    const urls = urlsToWalk(
      paths,
      { project: projectIds, dataset: hidden.map((h) => h.datasetId) },
      hidden,
      await currentDataVersion(),
    );
    const after = await answers(urls);
    // A "not found" names the id asked for; the ids differ, the answers must not otherwise. Whole
    // numbers only: the digits of a name such as "ed95" are no id.
    const sameIds = (text: string, ids: number[]) =>
      text.startsWith('200 ')
        ? text
        : ids.reduce(
            (result, id, index) => result.replace(new RegExp(`\\b${id}\\b`, 'g'), `#${index}`),
            text,
          );
    for (const [index, url] of urls.entries()) {
      if (isDatasetsRoute(url)) continue;
      // A marker's members name no project or dataset, but coordinates whose digits would pass
      // for ids: compared as they are.
      if (url.startsWith('/api/public/colonies/clusters/members/')) {
        expect(after[index], url).toBe(before[index]);
        continue;
      }
      const answer = sameIds(after[index]!, [...projectIds, ...hidden.map((h) => h.datasetId)]);
      const expected = sameIds(before[index]!, [...NEVER, ...NEVER]);
      expect(answer, url).toBe(expected);
    }
    // Walks every public route for three hidden datasets: 30 s under load, over the default.
  }, 90_000);

  it('the datasets list and pages show the embargoed metadata and the tombstone, nothing else', async () => {
    const list = (await anonymous.request({ url: '/api/public/datasets/' })).json<
      TDatasetSummary[]
    >();
    const shown = (state: HiddenState) =>
      list.find((d) => d.id === hidden.find((h) => h.state === state)!.datasetId);
    expect(shown('draft')).toBeUndefined();
    expect(shown('in_review')).toBeUndefined();
    expect(shown('rejected')).toBeUndefined();
    expect(shown('embargoed')).toMatchObject({ state: 'embargoed', withdrawn: false });
    expect(shown('withdrawn')).toMatchObject({ withdrawn: true });

    for (const { state, datasetId, label } of hidden) {
      for (const url of [
        `/api/public/datasets/${datasetId}/`,
        `/api/public/datasets/${datasetId}/versions/1/`,
      ]) {
        const response = await anonymous.request({ url });
        if (state === 'embargoed' || state === 'withdrawn') {
          expect(response.statusCode, url).toBe(200);
          expect(response.body).not.toContain(`${label}-AF1`);
        } else {
          expect(response.statusCode, `${state} ${url}`).toBe(404);
          expect(response.body).toBe(
            `{"error":"Dataset ${datasetId} not found.","code":"NOT_FOUND"}`,
          );
        }
      }
    }
  });
});

describe('statistics and max-min ranges', () => {
  it('change exactly at publication and at withdrawal', async () => {
    const aggregateUrls = (await publicGetPaths()).filter(
      (path) => path === '/api/public/statistics/' || path.endsWith('/max-min/'),
    );
    const aggregates = () => answers(aggregateUrls);
    const baseline = await aggregates();

    const { datasetId } = await uploadDraft(
      app.ctx,
      ann,
      studyVariant('Counted', { ed50: HIDDEN_ED50 }),
    );
    expect(await aggregates()).toEqual(baseline);
    await describeAndSubmit(datasetId);
    expect(await aggregates()).toEqual(baseline);

    await approve(datasetId);
    const published = await aggregates();
    const colonies = (answer: string) =>
      (JSON.parse(answer.slice(answer.indexOf(' ') + 1)) as { coral_colonies: number })
        .coral_colonies;
    const stats = aggregateUrls.indexOf('/api/public/statistics/');
    expect(colonies(published[stats]!)).toBe(colonies(baseline[stats]!) + 28);
    // The ED50 range now reaches the new dataset's value.
    const changedRanges = published.filter(
      (answer, index) => index !== stats && answer !== baseline[index],
    );
    expect(changedRanges.some((answer) => answer.includes(`${HIDDEN_ED50}`))).toBe(true);

    await withdraw(datasetId);
    expect(await aggregates()).toEqual(baseline);
  });
});
