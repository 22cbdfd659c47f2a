import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse, TProjectDetail, TProjectListItem } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { encodeCursor } from '../../lib/keyset-cursor';
import { seedJson } from '../../../test/seed-json';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/public/projects/', () => {
  it('lists the 11 seed projects with owner and publications', async () => {
    const projects = (await get('/api/public/projects/')).json<TProjectListItem[]>();
    expect(projects.map((p) => p.id)).toEqual(
      seedJson.projects.map((p) => p.id).sort((a, b) => a - b),
    );
    const fiji = projects.find((p) => p.id === 61)!;
    expect(fiji).toMatchObject({
      name: '2022_FJI_Viti_Levu_ElisaJahreis',
      registration_date: '2025-12-20',
      owner: { username: 'betyaevilya' },
      publications: [],
    });
    const arabSeas = projects.find((p) => p.id === 82)!;
    expect(arabSeas.publications).toEqual([
      expect.objectContaining({ id: 14, year: 2025, doi: '10.21203/rs.3.rs-8231598/v1' }),
    ]);
    // duplicate names stay separate projects
    expect(projects.filter((p) => p.name === 'GlobalSearch_Carib')).toHaveLength(4);
  });

  it('tells same-named projects apart by sites, countries, species, colonies and dates', async () => {
    const projects = (await get('/api/public/projects/')).json<TProjectListItem[]>();
    const byId = new Map(projects.map((p) => [p.id, p]));
    expect(byId.get(85)).toMatchObject({
      name: 'GlobalSearch_Carib',
      sites: ['Curacao'],
      countries: ['CUW'],
      species: [
        'Acropora palmata',
        'Orbicella faveolata',
        'Porites astreoides',
        'Siderastrea siderea',
      ],
      colony_count: 50,
      experiment_dates: { first: '2222-05-22', last: '2222-05-25' },
    });
    expect(byId.get(88)).toMatchObject({
      sites: ['USVI_Flat'],
      countries: ['USA'],
      colony_count: 48,
      experiment_dates: { first: '2222-03-10', last: '2222-03-16' },
    });
    expect(byId.get(61)).toMatchObject({
      sites: ['Tagaqe', 'Vatu-o-lalai', 'Votua'],
      colony_count: 70,
    });
    // each count agrees with the seed file
    for (const seedProject of seedJson.projects) {
      const biosampleIds = new Set(seedProject.biosamples);
      const colonies = new Set(
        seedJson.biosamples.filter((b) => biosampleIds.has(b.id)).map((b) => b.colony),
      );
      expect(byId.get(seedProject.id)!.colony_count).toBe(colonies.size);
    }
    const signature = (p: TProjectListItem) =>
      JSON.stringify([p.name, p.sites, p.countries, p.colony_count, p.experiment_dates]);
    expect(new Set(projects.map(signature)).size).toBe(projects.length);
  });

  it('is computed once per data version', async () => {
    await get('/api/public/projects/');
    ctx.queries.length = 0;
    await get('/api/public/projects/');
    expect(
      ctx.queries.filter((q) => /project_publications|experiments|biosamples/.test(q)),
    ).toEqual([]);
  });
});

describe('GET /api/public/projects/{id}/', () => {
  it('returns publications, experiments, colonies with thresholds and observations', async () => {
    const response = await get('/api/public/projects/61/');
    expect(response.statusCode).toBe(200);
    const project = response.json<TProjectDetail>();
    const seedProject = seedJson.projects.find((p) => p.id === 61)!;
    const biosampleIds = new Set(seedProject.biosamples);
    const colonyIds = new Set(
      seedJson.biosamples.filter((b) => biosampleIds.has(b.id)).map((b) => b.colony),
    );
    expect(project.experiments).toHaveLength(
      seedJson.experiments.filter((e) => e.project === 61).length,
    );
    expect(project.colonies.map((c) => c.id).sort()).toEqual([...colonyIds].sort());
    expect(project.observations).toHaveLength(
      seedJson.observations.filter((o) => biosampleIds.has(o.biosample)).length,
    );
    expect(project.observations.find((o) => o.id === 7805)).toEqual({
      id: 7805,
      biosample: {
        id: 4432,
        name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420',
        collection_date: '2022-09-20',
      },
      experiment: { id: 214, name: 'Vatu-o-lalai', date: '2022-09-20' },
      condition: 'Winter',
      temperature: 28,
      timepoint: '420',
      pam_value: 0.633,
      related_projects: [],
    });
    const colony = project.colonies.find((c) => c.id === 658)!;
    expect(colony.thermal_tolerances.map((t) => t.ed50)).toEqual([37.57, 37.75]);
  });

  it('every seed project has a detail page', async () => {
    for (const { id } of seedJson.projects) {
      expect((await get(`/api/public/projects/${id}/`)).statusCode).toBe(200);
    }
  });

  it.each(['999999', 'abc', '-1', '1.5', '0', '99999999999', '61abc', '%20'])(
    'answers 404 JSON for the unknown or malformed id %j',
    async (id) => {
      const response = await get(`/api/public/projects/${id}/`);
      expect(response.statusCode).toBe(404);
      expect(response.json<TErrorResponse>()).toEqual({
        error: `Project ${decodeURIComponent(id)} not found`,
        code: 'NOT_FOUND',
      });
    },
  );

  it('uses a constant number of queries', async () => {
    // A new process: the pages are computed, not served from the per-version cache.
    const fresh = await ctx.anotherApp();
    ctx.queries.length = 0;
    await fresh.inject({ method: 'GET', url: '/api/public/projects/80/' });
    const forSmall = ctx.queries.length;
    ctx.queries.length = 0;
    await fresh.inject({ method: 'GET', url: '/api/public/projects/61/' });
    expect(ctx.queries.length).toBe(forSmall);
    expect(forSmall).toBeLessThanOrEqual(12);
  });

  it('is computed once per data version, gzipped when asked, with an ETag (decision 0036)', async () => {
    const first = await get('/api/public/projects/61/');
    ctx.queries.length = 0;
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/public/projects/61/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(ctx.queries.filter((q) => /observations|experiments|biosamples/.test(q))).toEqual([]);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(again.rawPayload).toString())).toEqual(first.json());
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"project-61-v\d+"$/);
    const notModified = await ctx.app.inject({
      method: 'GET',
      url: '/api/public/projects/61/',
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
  });
});

describe('GET /api/public/projects/ page by page (decision 0031)', () => {
  it('the pages together are the whole list, in id order, the last without a cursor', async () => {
    const whole = await get('/api/public/projects/');
    const all = whole.json<TProjectListItem[]>();
    expect(all.map((p) => p.id)).toEqual([...all.map((p) => p.id)].sort((a, b) => a - b));
    const paged: TProjectListItem[] = [];
    let url = '/api/public/projects/?limit=7';
    for (let pages = 1; ; pages++) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<TProjectListItem[]>();
      expect(page.length).toBeLessThanOrEqual(7);
      paged.push(...page);
      const cursor = response.headers['x-next-cursor'] as string | undefined;
      if (cursor === undefined) {
        expect(response.headers.link).toBeUndefined();
        expect(pages).toBe(Math.ceil(all.length / 7));
        break;
      }
      expect(response.headers.link).toBe(
        `</api/public/projects/?limit=7&cursor=${cursor}>; rel="next"`,
      );
      url = `/api/public/projects/?limit=7&cursor=${cursor}`;
    }
    expect(paged).toEqual(all);
  });

  it.each<[string, RegExp]>([
    ['limit=0', /limit: expected a whole number from 1 to 1000/],
    ['limit=1001', /limit: expected a whole number from 1 to 1000/],
    ['limit=many', /limit: expected a whole number from 1 to 1000/],
    ['cursor=%%%', /Invalid cursor: pass the X-Next-Cursor value/],
    [`cursor=${encodeCursor('biosamples', 3)}`, /Invalid cursor/],
  ])('refuses ?%s with 400 and says why', async (query, message) => {
    const response = await get(`/api/public/projects/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<TErrorResponse>().error).toMatch(message);
  });
});
