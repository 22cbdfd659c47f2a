import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TColonyPage, TErrorResponse } from '@coral/core';
import { publishDataset, studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import { seedJson } from '../../../test/seed-json';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { createDatasetsService } from '../datasets/datasets.service';
import { usersService } from '../users/users.service';

let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

const get = (url: string) => app.ctx.app.inject({ method: 'GET', url });

/** The colonies an upload's dataset version holds (ids the public must not learn of). */
async function coloniesOfDataset(datasetId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT c.id FROM colonies c JOIN dataset_versions v ON v.id = c.dataset_version_id
    WHERE v.dataset_id = ${datasetId} ORDER BY c.id
  `.execute(app.ctx.database.db);
  return rows.map((row) => row.id);
}

describe('GET /api/public/colonies/{id}/ on the seed', () => {
  it("answers colony 658 with its place, thresholds, observations, project and dataset's citation", async () => {
    const response = await get('/api/public/colonies/658/');
    expect(response.statusCode).toBe(200);
    const colony = response.json<TColonyPage>();
    const seed = seedJson.colonies.find((c) => c.id === 658)!;
    expect(colony).toMatchObject({
      id: 658,
      name: seed.name,
      species: seed.species,
      verbatim_species: seed.species,
      latitude: seed.latitude,
      longitude: seed.longitude,
      country: 'FJI',
      projects: [{ id: 61, name: '2022_FJI_Viti_Levu_ElisaJahreis' }],
    });
    expect(
      colony.thermal_tolerances.map((t) => [t.condition, t.timepoint, t.ed50, t.quality_flags]),
    ).toEqual([
      ['Winter', '420', 37.57, []],
      ['Summer', '420', 37.75, []],
    ]);

    // Every PAM observation of its biosamples, as the seed records them.
    const biosampleIds = new Set(
      seedJson.biosamples.filter((b) => b.colony === 658).map((b) => b.id),
    );
    const seedObservations = seedJson.observations.filter((o) => biosampleIds.has(o.biosample));
    expect(colony.observations.map((o) => o.id).sort()).toEqual(
      seedObservations.map((o) => o.id).sort(),
    );
    expect(colony.observations.find((o) => o.id === 7805)).toEqual({
      id: 7805,
      biosample: { id: 4432, name: '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420' },
      condition: 'Winter',
      timepoint: '420',
      temperature: 28,
      pam_value: 0.633,
    });

    // The seed's datasets state no licence; the citation is the dataset version's own.
    expect(colony.dataset).toMatchObject({ version: 1, licence: null });
    const version = await get(`/api/public/datasets/${colony.dataset.id}/`);
    expect(version.statusCode).toBe(200);
    expect(colony.dataset.citation).toEqual(
      version.json<{ version: { citation: unknown } }>().version.citation,
    );
  });

  it('has a page for each of the first 25 seed colonies', async () => {
    const ids = seedJson.colonies.map((c) => c.id).sort((a, b) => a - b);
    const statuses = await Promise.all(
      ids.slice(0, 25).map(async (id) => (await get(`/api/public/colonies/${id}/`)).statusCode),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it.each(['abc', '0', '-1', '1.5', '658abc', '99999999999', '%20'])(
    'answers 400 with a clear message for the malformed id %j',
    async (id) => {
      const response = await get(`/api/public/colonies/${id}/`);
      expect(response.statusCode).toBe(400);
      const body = response.json<TErrorResponse>();
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.error).toMatch(/is not a colony id/);
    },
  );

  it('answers 404 for an id no colony has', async () => {
    const response = await get('/api/public/colonies/900001/');
    expect(response.statusCode).toBe(404);
    expect(response.json<TErrorResponse>()).toEqual({
      code: 'NOT_FOUND',
      error: 'Colony 900001 not found (or not published).',
    });
  });
});

describe('OpenAPI', () => {
  it('documents the colony page with its 200, 400 and 404 answers', async () => {
    const document = (await get('/api/docs/json')).json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    const operation = document.paths['/api/public/colonies/{colonyId}/']?.get;
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '404']);
  });
});

describe('colonies the public may not see', () => {
  it('answers 404 for a draft colony, 200 once published and 404 again once withdrawn', async () => {
    const { datasetId } = await uploadDraft(app.ctx, app.ann, studyVariant('Colonypage'));
    const [colonyId] = await coloniesOfDataset(datasetId);
    expect(colonyId).toBeDefined();
    const url = `/api/public/colonies/${colonyId}/`;

    const draft = await get(url);
    expect(draft.statusCode).toBe(404);
    expect(draft.json<TErrorResponse>().error).toBe(
      `Colony ${colonyId} not found (or not published).`,
    );

    const ann = await usersService.find(app.ctx.database.db, 'ann');
    await publishDataset(app.ctx.database.db, datasetId, ann!.id);
    const published = await get(url);
    expect(published.statusCode).toBe(200);
    expect(published.json<TColonyPage>()).toMatchObject({
      species: 'Colonypageia secreta',
      dataset: { id: datasetId, licence: 'CC-BY-4.0' },
    });

    const datasets = createDatasetsService(app.ctx.database.db, { publicUrl: 'http://x.test' });
    await datasets.withdraw(
      { userId: ann!.id, role: 'contributor' },
      String(datasetId),
      'Test withdrawal.',
    );
    expect((await get(url)).statusCode).toBe(404);
  });

  it('answers 404 for an embargoed colony', async () => {
    const { datasetId } = await uploadDraft(app.ctx, app.ann, studyVariant('Colonyembargo'));
    const [colonyId] = await coloniesOfDataset(datasetId);
    const ann = await usersService.find(app.ctx.database.db, 'ann');
    await publishDataset(app.ctx.database.db, datasetId, ann!.id, {
      title: 'Embargoed',
      description: 'Held back until the paper is out.',
      creators: [{ name: 'Ann Example', orcid: null }],
      licence: 'CC0-1.0',
      embargo_until: `${new Date().getUTCFullYear() + 2}-01-01`,
    });
    expect((await get(`/api/public/colonies/${colonyId}/`)).statusCode).toBe(404);
  });
});
