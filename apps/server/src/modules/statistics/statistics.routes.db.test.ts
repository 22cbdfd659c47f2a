import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBundle, type TStatistics } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { importAsPublished } from '../datasets/dataset-seed.service';

/** The true source of this test's hand-made data (decision 0060). */
const TEST_SOURCE = { name: 'statistics.routes.db.test.ts', url: null };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const getStatistics = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/public/statistics/' })).json<TStatistics>();

describe('GET /api/public/statistics/', () => {
  it('computes every field from the data', async () => {
    const statistics = await getStatistics();
    expect(statistics).toMatchObject({
      coral_colonies: 682,
      research_projects: 11,
      countries: 6,
      data_access_24_7: true,
      observations_count: 2991,
      species_count: 17,
      // the newest seed experiment is from 2022 (plus impossible 2222 dates, which are not "recent")
      recent_observations: 0,
    });
    expect(statistics.top_countries).toEqual([
      { country: 'AUS', colony_count: 224 },
      { country: 'USA', colony_count: 152 },
      { country: 'ASM', colony_count: 106 },
      { country: 'ARE', colony_count: 80 },
      { country: 'FJI', colony_count: 70 },
    ]);
    expect(statistics.top_species[0]).toEqual({
      species: 'Pocillopora verrucosa',
      colony_count: 93,
    });
    expect(new Date(statistics.last_updated).getTime()).not.toBeNaN();
  });

  it('follows data changes: counts and last_updated move after an import', async () => {
    const before = await getStatistics();
    const bundle = emptyBundle();
    const today = new Date().toISOString().slice(0, 10);
    bundle.projects.push({
      key: 'p',
      name: 'Statistics test',
      description: '',
      ownerUsername: null,
    });
    bundle.experiments.push({ key: 'e', projectKey: 'p', name: 'Exp', date: today });
    bundle.colonies.push({
      key: 'c',
      name: 'Colony',
      species: 'Acropora test',
      country: 'JPN',
      latitude: 26.2,
      longitude: 127.7,
      ownerUsername: null,
    });
    bundle.biosamples.push({
      key: 'b',
      colonyKey: 'c',
      projectKey: 'p',
      name: 'B',
      collectionDate: today,
    });
    bundle.observations.push({
      key: 'o',
      experimentKey: 'e',
      biosampleKey: 'b',
      condition: 'Control',
      temperature: 30,
      timepoint: '420',
      pamValue: 0.6,
    });
    await ctx.database.db
      .transaction()
      .execute((trx) => importAsPublished(trx, bundle, TEST_SOURCE));

    const after = await getStatistics();
    expect(after.coral_colonies).toBe(before.coral_colonies + 1);
    expect(after.research_projects).toBe(12);
    expect(after.countries).toBe(7);
    expect(after.species_count).toBe(18);
    expect(after.recent_observations).toBe(1);
    expect(Date.parse(after.last_updated)).toBeGreaterThan(Date.parse(before.last_updated));
  });
});
